"""C++ literals for the reference tables that tests/reference/*_reference.py print."""


def literal(x):
    """A double, with repr's 17 significant digits, so that it reads back as the same double."""
    return repr(float(x))


def boolean(b):
    return "true" if b else "false"


def array(xs, indent, fmt=literal):
    """A braced list of `fmt(x)`, wrapped at 96 columns, continuation lines indented by indent + 2."""
    items = [fmt(x) for x in xs]
    lines, line = [], ""
    for item in items:
        if line and len(line) + len(item) + 2 > 96 - indent:
            lines.append(line.rstrip())
            line = ""
        line += item + ", "
    lines.append(line.rstrip().rstrip(","))
    if len(lines) == 1:
        return "{" + lines[0] + "}"
    pad = " " * (indent + 2)
    return "{\n" + "\n".join(pad + l for l in lines) + "\n" + " " * indent + "}"

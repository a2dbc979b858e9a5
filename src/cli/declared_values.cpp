// What each option declares of its value (declared_values.hpp).

#include "declared_values.hpp"

#include <fmt/core.h>

#include <stdexcept>

namespace perfmail::cli {

std::string declared_value::shown_name() const {
  if (!own_name.empty()) return own_name;
  if (type == value_type::text && !choices.empty()) return "NAME";  // text that takes one of names
  return std::string{value_type_name(type)};
}

declared_option& declared_option::check(value_check check) {
  if (check.rewrites_value)
    option_->transform(std::move(check.validator));
  else
    option_->check(std::move(check.validator));
  value_->choices.insert(value_->choices.end(), check.choices.begin(), check.choices.end());
  if (!check.phrase.empty()) value_->checks.push_back(std::move(check.phrase));
  value_->description_tells.every_choice = value_->description_tells.every_choice || check.description_tells.every_choice;
  value_->description_tells.the_default = value_->description_tells.the_default || check.description_tells.the_default;
  return *this;
}

declared_option& declared_option::named(std::string name) {
  option_->type_name(name);  // CLI11's messages name the value too (`--metric: 1 required NAME missing`)
  value_->own_name = std::move(name);
  return *this;
}

declared_option& declared_option::lists(std::vector<std::string> names) {
  value_->choices.insert(value_->choices.end(), names.begin(), names.end());
  return *this;
}

declared_option declared_values::declare(CLI::Option& option, value_type type) {
  option.type_name(std::string{value_type_name(type)});
  declared_value& value = values_[&option];
  value.type = type;
  return {option, value};
}

const declared_value& declared_values::of(const CLI::Option& option) const {
  const auto found = values_.find(&option);
  if (found == values_.end())
    throw std::logic_error(fmt::format("the value of option {} was not declared (add_value)", option.get_name()));
  return found->second;
}

}  // namespace perfmail::cli

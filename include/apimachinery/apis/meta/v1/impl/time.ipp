// Definitions of the non-template functions declared in <apimachinery/apis/meta/v1/time.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/apis/meta/v1/time.hpp"

namespace apimachinery::metav1 {

APIMACHINERY_DECL bool Time::IsZero() const noexcept { return time.time_since_epoch().count() == 0; }

APIMACHINERY_DECL std::int64_t Time::Unix() const noexcept { return time.time_since_epoch().count(); }

APIMACHINERY_DECL std::string Time::String() const { return MarshalQueryParameter(); }

}  // namespace apimachinery::metav1

namespace apimachinery::metav1::internal {

[[noreturn]] APIMACHINERY_DECL void ThrowCannotParse(std::string_view value, std::string_view layout,
                                                     std::string_view value_elem,
                                                     std::string_view layout_elem) {
  throw TimeParseError("parsing time " + util::TimeQuote(value) + " as " + util::TimeQuote(layout) +
                       ": cannot parse " + util::TimeQuote(value_elem) + " as " +
                       util::TimeQuote(layout_elem));
}

[[noreturn]] APIMACHINERY_DECL void ThrowTimeMessage(std::string_view value, std::string_view message) {
  throw TimeParseError("parsing time " + util::TimeQuote(value) + std::string(message));
}

APIMACHINERY_DECL bool IsDigitAt(std::string_view s, std::size_t i) noexcept {
  return i < s.size() && s[i] >= '0' && s[i] <= '9';
}

APIMACHINERY_DECL bool GetNum(std::string_view& s, bool fixed, int& out) noexcept {
  if (!IsDigitAt(s, 0)) return false;
  if (!IsDigitAt(s, 1)) {
    if (fixed) return false;
    out = s[0] - '0';
    s.remove_prefix(1);
    return true;
  }
  out = (s[0] - '0') * 10 + (s[1] - '0');
  s.remove_prefix(2);
  return true;
}

APIMACHINERY_DECL std::chrono::sys_time<std::chrono::microseconds> ParseTimeLayout(std::string_view input,
                                                                                   bool micro) {
  const std::string_view layout = micro ? kRFC3339MicroLayout : kRFC3339Layout;
  std::string_view v = input;
  // Each step mirrors one chunk of Go's layout walk: a literal prefix, then a std element.
  auto skip = [&](char lit, std::string_view lit_text) {
    if (v.empty() || v[0] != lit) ThrowCannotParse(input, layout, v, lit_text);
    v.remove_prefix(1);
  };
  // "2006": exactly four characters, all digits.
  if (v.size() < 4) ThrowCannotParse(input, layout, v, "2006");
  int year = 0;
  for (int i = 0; i < 4; ++i) {
    if (!IsDigitAt(v, static_cast<std::size_t>(i))) ThrowCannotParse(input, layout, v, "2006");
    year = year * 10 + (v[static_cast<std::size_t>(i)] - '0');
  }
  v.remove_prefix(4);
  int month = 0, day = 0, hour = 0, minute = 0, second = 0;
  skip('-', "-");
  std::string_view hold = v;
  if (!GetNum(v, true, month)) ThrowCannotParse(input, layout, hold, "01");
  if (month <= 0 || month > 12) ThrowTimeMessage(input, ": month out of range");
  skip('-', "-");
  hold = v;
  if (!GetNum(v, true, day)) ThrowCannotParse(input, layout, hold, "02");
  skip('T', "T");
  hold = v;
  if (!GetNum(v, false, hour)) ThrowCannotParse(input, layout, hold, "15");
  if (hour >= 24) ThrowTimeMessage(input, ": hour out of range");
  skip(':', ":");
  hold = v;
  if (!GetNum(v, true, minute)) ThrowCannotParse(input, layout, hold, "04");
  if (minute >= 60) ThrowTimeMessage(input, ": minute out of range");
  skip(':', ":");
  hold = v;
  if (!GetNum(v, true, second)) ThrowCannotParse(input, layout, hold, "05");
  if (second >= 60) ThrowTimeMessage(input, ": second out of range");
  std::int64_t micros = 0;
  if (micro) {
    // ".000000": `.` or `,`, then six characters Go's atoi accepts (an optional sign, digits).
    hold = v;
    if (v.size() < 7 || (v[0] != '.' && v[0] != ',')) ThrowCannotParse(input, layout, hold, ".000000");
    std::string_view digits = v.substr(1, 6);
    bool negative = false;
    if (digits[0] == '+' || digits[0] == '-') {
      negative = digits[0] == '-';
      digits.remove_prefix(1);
    }
    for (char c : digits) {
      if (c < '0' || c > '9') ThrowCannotParse(input, layout, hold, ".000000");
      micros = micros * 10 + (c - '0');
    }
    if (negative && micros != 0) ThrowTimeMessage(input, ": fractional second out of range");
    v.remove_prefix(7);
  } else if (v.size() >= 2 && (v[0] == '.' || v[0] == ',') && IsDigitAt(v, 1)) {
    // A fractional second the layout does not mention is accepted.
    std::size_t n = 1;
    std::int64_t scale = 100000;
    for (; IsDigitAt(v, n); ++n) {
      micros += (v[n] - '0') * scale;
      scale /= 10;
    }
    v.remove_prefix(n);
  }
  // "Z07:00": `Z`, or a sign and hh:mm.
  std::int64_t offset = 0;
  hold = v;
  if (!v.empty() && v[0] == 'Z') {
    v.remove_prefix(1);
  } else {
    if (v.size() < 6 || v[3] != ':') ThrowCannotParse(input, layout, hold, "Z07:00");
    std::string_view hh = v.substr(1, 2), mm = v.substr(4, 2);
    int oh = 0, om = 0;
    if (!GetNum(hh, true, oh) || !GetNum(mm, true, om)) ThrowCannotParse(input, layout, hold, "Z07:00");
    if (oh > 24) ThrowTimeMessage(input, ": time zone offset hour out of range");
    if (om > 60) ThrowTimeMessage(input, ": time zone offset minute out of range");
    if (v[0] != '+' && v[0] != '-') ThrowCannotParse(input, layout, hold, "Z07:00");
    offset = (static_cast<std::int64_t>(oh) * 60 + om) * 60;
    if (v[0] == '-') offset = -offset;
    v.remove_prefix(6);
  }
  if (!v.empty()) ThrowTimeMessage(input, ": extra text: " + util::TimeQuote(v));
  using namespace std::chrono;
  const year_month_day ymd{std::chrono::year{year}, std::chrono::month{static_cast<unsigned>(month)},
                           std::chrono::day{static_cast<unsigned>(day)}};
  if (day < 1 || !ymd.ok()) ThrowTimeMessage(input, ": day out of range");
  const sys_seconds local = sys_days{ymd} + hours{hour} + minutes{minute} + seconds{second};
  return local - seconds{offset} + microseconds{micros};
}

APIMACHINERY_DECL std::string FormatTimeLayout(std::chrono::sys_time<std::chrono::microseconds> t,
                                               bool micro) {
  using namespace std::chrono;
  const sys_days days = floor<std::chrono::days>(t);
  const year_month_day ymd{days};
  const hh_mm_ss<microseconds> tod{t - days};
  std::string out = fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}", static_cast<int>(ymd.year()),
                                static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()),
                                tod.hours().count(), tod.minutes().count(), tod.seconds().count());
  if (micro) out += fmt::format(".{:06}", tod.subseconds().count());
  out += 'Z';
  return out;
}

}  // namespace apimachinery::metav1::internal

namespace apimachinery::metav1 {

APIMACHINERY_DECL Time ParseRFC3339(std::string_view input) {
  return Time{std::chrono::floor<std::chrono::seconds>(internal::ParseTimeLayout(input, false))};
}

APIMACHINERY_DECL std::string FormatRFC3339(const Time& t) {
  return internal::FormatTimeLayout(std::chrono::time_point_cast<std::chrono::microseconds>(t.time), false);
}

APIMACHINERY_DECL std::string Time::MarshalQueryParameter() const {
  if (IsZero()) return {};
  return FormatRFC3339(*this);
}

APIMACHINERY_DECL void Time::UnmarshalQueryParameter(std::string_view s) {
  if (s.empty()) {
    time = {};
    return;
  }
  *this = ParseRFC3339(s);
}

APIMACHINERY_DECL Time Now() {
  return Time{std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now())};
}

APIMACHINERY_DECL Time Unix(std::int64_t seconds) noexcept {
  return Time{std::chrono::sys_seconds{std::chrono::seconds{seconds}}};
}

APIMACHINERY_DECL void to_json(nlohmann::json& j, const Time& t) {
  if (t.IsZero()) {
    j = nullptr;
  } else {
    j = FormatRFC3339(t);
  }
}

APIMACHINERY_DECL void AppendJSON(std::string& out, const Time& t) {
  if (t.IsZero()) {
    out += "null";
  } else {
    util::AppendJSONQuote(out, FormatRFC3339(t));
  }
}

APIMACHINERY_DECL void from_json(const nlohmann::json& j, Time& t) {
  if (j.is_null()) {
    t = Time{};
    return;
  }
  if (!j.is_string()) {
    throw DecodeError(fmt::format("json: cannot unmarshal {} into Go value of type string",
                                  j.is_number()    ? "number"
                                  : j.is_boolean() ? "bool"
                                                   : j.type_name()));
  }
  t = ParseRFC3339(j.get_ref<const std::string&>());
}

}  // namespace apimachinery::metav1

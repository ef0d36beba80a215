// Definitions of the non-template functions declared in <apimachinery/ctrl/log.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/ctrl/log.hpp"

namespace apimachinery::ctrl {

APIMACHINERY_DECL StderrLogSink::StderrLogSink(int verbosity) : verbosity_(verbosity) {}

APIMACHINERY_DECL bool StderrLogSink::Enabled(int level) const { return level <= verbosity_; }

APIMACHINERY_DECL void StderrLogSink::Info(int level, std::string_view msg, const KeyValues& kv) {
  if (Enabled(level)) Write(Format("info", msg, {}, kv));
}

APIMACHINERY_DECL void StderrLogSink::Error(std::string_view err, std::string_view msg, const KeyValues& kv) {
  Write(Format("error", msg, err, kv));
}

APIMACHINERY_DECL std::string StderrLogSink::Format(std::string_view level, std::string_view msg,
                                                    std::string_view err, const KeyValues& kv) {
  std::string line = fmt::format("level={} msg={}", level, util::Quote(msg));
  if (!err.empty()) line += " error=" + util::Quote(err);
  for (const auto& [k, v] : kv) line += fmt::format(" {}={}", k, util::Quote(v));
  return line;
}

APIMACHINERY_DECL void StderrLogSink::Write(std::string line) {
  line += '\n';
  std::fwrite(line.data(), 1, line.size(), stderr);
}

APIMACHINERY_DECL bool DiscardLogSink::Enabled(int) const { return false; }

APIMACHINERY_DECL void DiscardLogSink::Info(int, std::string_view, const KeyValues&) {}

APIMACHINERY_DECL void DiscardLogSink::Error(std::string_view, std::string_view, const KeyValues&) {}

APIMACHINERY_DECL std::shared_ptr<LogSink> NewStderrLogSink(int verbosity) {
  return std::make_shared<StderrLogSink>(verbosity);
}

APIMACHINERY_DECL Logger::Logger(std::shared_ptr<LogSink> sink, KeyValues values)
    : sink_(std::move(sink)), values_(std::move(values)) {}

APIMACHINERY_DECL Logger Logger::WithValues(const KeyValues& kv) const {
  KeyValues all = values_;
  all.insert(all.end(), kv.begin(), kv.end());
  return Logger(sink_, std::move(all));
}

APIMACHINERY_DECL bool Logger::Enabled(int level) const { return sink_ && sink_->Enabled(level); }

APIMACHINERY_DECL void Logger::Info(std::string_view msg, const KeyValues& kv) const { V(0, msg, kv); }

APIMACHINERY_DECL void Logger::V(int level, std::string_view msg, const KeyValues& kv) const {
  if (Enabled(level)) sink_->Info(level, msg, Join(kv));
}

APIMACHINERY_DECL void Logger::Error(std::string_view err, std::string_view msg, const KeyValues& kv) const {
  if (sink_) sink_->Error(err, msg, Join(kv));
}

APIMACHINERY_DECL const std::shared_ptr<LogSink>& Logger::Sink() const noexcept { return sink_; }

APIMACHINERY_DECL KeyValues Logger::Join(const KeyValues& kv) const {
  if (kv.empty()) return values_;
  KeyValues all = values_;
  all.insert(all.end(), kv.begin(), kv.end());
  return all;
}

}  // namespace apimachinery::ctrl

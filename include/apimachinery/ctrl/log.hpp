// ctrl::LogSink, ctrl::Logger: the small structured logger the controller layer writes through
// (in the role of controller-runtime's pkg/log and the logr.Logger it hands around).
//
// Example:
//   ctrl::Logger log = ctrl::Logger(ctrl::NewStderrLogSink()).WithValues({{"controller", "widget"}});
//   log.Info("Starting workers", {{"worker count", "2"}});
//   // stderr: level=info msg="Starting workers" controller="widget" worker count="2"
//   log.Error("boom", "Reconciler error", {{"namespace", "ns"}, {"name", "a"}});
//
// A LogSink receives a message, its verbosity level (Info only; 0 is always shown by the
// default sink, upstream's V(5) messages are level 5) and key/value pairs (the logger's own
// values first). Implement LogSink to route the records elsewhere; DiscardLogSink drops them.
//
// Throws: the stderr sink nothing (write errors are ignored); user sinks may throw out of Info
// and Error. Thread-safety: the sinks of this file may be used from any thread at once (stderr
// records are written with one call each); a Logger is an immutable value.
// Differences from upstream: no logr; no names (WithName) beyond the values; verbosity is a
// per-sink threshold (StderrLogSink's `verbosity`), not a global flag.
#pragma once

#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "apimachinery/util/strconv.hpp"

namespace apimachinery::ctrl {

// KeyValues: a record's structured fields, in order.
using KeyValues = std::vector<std::pair<std::string, std::string>>;

// LogSink: where log records go.
class LogSink {
 public:
  virtual ~LogSink() = default;
  // Enabled: whether Info records of `level` are written (the Logger skips formatting otherwise).
  virtual bool Enabled(int level) const = 0;
  virtual void Info(int level, std::string_view msg, const KeyValues& kv) = 0;
  // Error: `err` is the error's text (what()), "" when there is none.
  virtual void Error(std::string_view err, std::string_view msg, const KeyValues& kv) = 0;

 protected:
  LogSink() = default;
  LogSink(const LogSink&) = default;
  LogSink& operator=(const LogSink&) = default;
  LogSink(LogSink&&) = default;
  LogSink& operator=(LogSink&&) = default;
};

// StderrLogSink: logfmt-like lines on stderr: `level=info msg="..." key="value" ...`; errors
// are `level=error msg="..." error="..." ...`. Info records above `verbosity` are dropped.
class StderrLogSink final : public LogSink {
 public:
  explicit StderrLogSink(int verbosity = 0) : verbosity_(verbosity) {}
  bool Enabled(int level) const override { return level <= verbosity_; }
  void Info(int level, std::string_view msg, const KeyValues& kv) override {
    if (Enabled(level)) Write(Format("info", msg, {}, kv));
  }
  void Error(std::string_view err, std::string_view msg, const KeyValues& kv) override {
    Write(Format("error", msg, err, kv));
  }

  // Format: the line a record becomes (without the newline).
  static std::string Format(std::string_view level, std::string_view msg, std::string_view err,
                            const KeyValues& kv) {
    std::string line = fmt::format("level={} msg={}", level, util::Quote(msg));
    if (!err.empty()) line += " error=" + util::Quote(err);
    for (const auto& [k, v] : kv) line += fmt::format(" {}={}", k, util::Quote(v));
    return line;
  }

 private:
  static void Write(std::string line) {
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stderr);
  }
  int verbosity_;
};

// DiscardLogSink: drops every record (logr.Discard).
class DiscardLogSink final : public LogSink {
 public:
  bool Enabled(int) const override { return false; }
  void Info(int, std::string_view, const KeyValues&) override {}
  void Error(std::string_view, std::string_view, const KeyValues&) override {}
};

inline std::shared_ptr<LogSink> NewStderrLogSink(int verbosity = 0) {
  return std::make_shared<StderrLogSink>(verbosity);
}

// Logger: a sink plus values added to every record (logr.Logger with WithValues). A Logger
// without a sink discards everything.
class Logger {
 public:
  Logger() = default;
  explicit Logger(std::shared_ptr<LogSink> sink, KeyValues values = {})
      : sink_(std::move(sink)), values_(std::move(values)) {}

  Logger WithValues(const KeyValues& kv) const {
    KeyValues all = values_;
    all.insert(all.end(), kv.begin(), kv.end());
    return Logger(sink_, std::move(all));
  }
  bool Enabled(int level = 0) const { return sink_ && sink_->Enabled(level); }
  void Info(std::string_view msg, const KeyValues& kv = {}) const { V(0, msg, kv); }
  // V: an Info record of verbosity `level`.
  void V(int level, std::string_view msg, const KeyValues& kv = {}) const {
    if (Enabled(level)) sink_->Info(level, msg, Join(kv));
  }
  void Error(std::string_view err, std::string_view msg, const KeyValues& kv = {}) const {
    if (sink_) sink_->Error(err, msg, Join(kv));
  }
  const std::shared_ptr<LogSink>& Sink() const noexcept { return sink_; }

 private:
  KeyValues Join(const KeyValues& kv) const {
    if (kv.empty()) return values_;
    KeyValues all = values_;
    all.insert(all.end(), kv.begin(), kv.end());
    return all;
  }
  std::shared_ptr<LogSink> sink_;
  KeyValues values_;
};

}  // namespace apimachinery::ctrl

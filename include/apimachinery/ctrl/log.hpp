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

#include "apimachinery/config.hpp"
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
  APIMACHINERY_DECL explicit StderrLogSink(int verbosity = 0);
  APIMACHINERY_DECL bool Enabled(int level) const override;
  APIMACHINERY_DECL void Info(int level, std::string_view msg, const KeyValues& kv) override;
  APIMACHINERY_DECL void Error(std::string_view err, std::string_view msg, const KeyValues& kv) override;

  // Format: the line a record becomes (without the newline).
  APIMACHINERY_DECL static std::string Format(std::string_view level, std::string_view msg,
                                              std::string_view err, const KeyValues& kv);

 private:
  APIMACHINERY_DECL static void Write(std::string line);
  int verbosity_;
};

// DiscardLogSink: drops every record (logr.Discard).
class DiscardLogSink final : public LogSink {
 public:
  APIMACHINERY_DECL bool Enabled(int) const override;
  APIMACHINERY_DECL void Info(int, std::string_view, const KeyValues&) override;
  APIMACHINERY_DECL void Error(std::string_view, std::string_view, const KeyValues&) override;
};

APIMACHINERY_DECL std::shared_ptr<LogSink> NewStderrLogSink(int verbosity = 0);

// Logger: a sink plus values added to every record (logr.Logger with WithValues). A Logger
// without a sink discards everything.
class Logger {
 public:
  Logger() = default;
  APIMACHINERY_DECL explicit Logger(std::shared_ptr<LogSink> sink, KeyValues values = {});

  APIMACHINERY_DECL Logger WithValues(const KeyValues& kv) const;
  APIMACHINERY_DECL bool Enabled(int level = 0) const;
  APIMACHINERY_DECL void Info(std::string_view msg, const KeyValues& kv = {}) const;
  // V: an Info record of verbosity `level`.
  APIMACHINERY_DECL void V(int level, std::string_view msg, const KeyValues& kv = {}) const;
  APIMACHINERY_DECL void Error(std::string_view err, std::string_view msg, const KeyValues& kv = {}) const;
  APIMACHINERY_DECL const std::shared_ptr<LogSink>& Sink() const noexcept;

 private:
  APIMACHINERY_DECL KeyValues Join(const KeyValues& kv) const;
  std::shared_ptr<LogSink> sink_;
  KeyValues values_;
};

}  // namespace apimachinery::ctrl

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/ctrl/impl/log.ipp"
#endif

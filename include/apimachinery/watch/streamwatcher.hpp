// watch::StreamWatcher: a watch over a Decoder of events
// (k8s.io/apimachinery/pkg/watch/streamwatcher.go: Decoder, Reporter, StreamWatcher, receive;
// k8s.io/apimachinery/pkg/api/errors/errors.go: NewClientErrorReporter).
//
// Example:
//   runtime::Scheme scheme;
//   runtime::JSONSerializer codec(scheme);
//   auto [reader, writer] = watch::NewPipe();
//   auto decoder = std::make_unique<watch::StreamDecoder>(std::move(reader), codec);   // decoder.hpp
//   auto w = std::make_unique<watch::StreamWatcher>(std::move(decoder));
//   while (auto ev = w->Next()) fmt::print("{}\n", ev->type);
//
// How the stream ends, as upstream's receive():
// - the decoder reports the end of the stream (std::nullopt, Go's io.EOF) or throws an EOFError
//   (a truncated last event, Go's io.ErrUnexpectedEOF; a connection that closed): Next returns
//   std::nullopt;
// - any other exception from the decoder (garbage, an unknown event type, an object that does not
//   decode): Next returns one kError event whose object is the Reporter's metav1::Status for
//   `unable to decode an event from the watch stream: <what()>`, then std::nullopt;
// - Stop: Next returns std::nullopt (an event decoded concurrently is dropped, as upstream drops
//   it when `done` is closed). Err() tells which exception ended the stream.
// The default Reporter is client-go's: ClientErrorReporter(500, "GET", "ClientWatchDecoding")
// (k8s.io/client-go/rest/request.go: Request.newStreamWatcher).
//
// Cost: no thread of its own: Next decodes on the calling thread.
// Thread-safety: Next may be called from several threads (serialised); Stop from any thread,
// concurrently with Next (it closes the decoder, which must wake a Decode blocked in a read).
// Destroying a StreamWatcher stops it and waits for a Next in progress to return.
// Differences from upstream: Go runs receive() in a goroutine feeding an unbuffered channel; here
// the consumer's Next calls Decode directly, which is equivalent for a single consumer (an event
// is decoded only when asked for) and needs no thread. Err() is an addition.
#pragma once

#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/watch/event.hpp"

namespace apimachinery::watch {

// EOFError: the stream ended where it should not have (a truncated event, a dropped
// connection). StreamWatcher ends quietly on it, as upstream does on io.ErrUnexpectedEOF and
// net.IsProbableEOF errors.
class EOFError : public Error {
 public:
  using Error::Error;
};

// Decoder: the source of a StreamWatcher (streamwatcher.go: Decoder).
class Decoder {
 public:
  virtual ~Decoder() = default;
  // Decode blocks until the next event; std::nullopt at the clean end of the stream. Throws on
  // bad input (see the top of this file).
  virtual std::optional<Event> Decode() = 0;
  // Close releases the source and makes a Decode blocked on another thread return. Idempotent;
  // callable from any thread, concurrently with Decode.
  virtual void Close() noexcept = 0;

 protected:
  Decoder() = default;
  Decoder(const Decoder&) = default;
  Decoder& operator=(const Decoder&) = default;
  Decoder(Decoder&&) = default;
  Decoder& operator=(Decoder&&) = default;
};

// Reporter: turns a decoding error into the object of an ERROR event (streamwatcher.go: Reporter).
class Reporter {
 public:
  virtual ~Reporter() = default;
  virtual std::shared_ptr<const runtime::Object> AsObject(std::string_view err) const = 0;

 protected:
  Reporter() = default;
  Reporter(const Reporter&) = default;
  Reporter& operator=(const Reporter&) = default;
  Reporter(Reporter&&) = default;
  Reporter& operator=(Reporter&&) = default;
};

// ClientErrorReporter: a metav1::Status as errors.NewGenericServerResponse(code, verb, {}, "",
// err, 0, true) builds it, with a cause {reason, err} appended (errors.go:
// clientErrorReporter.AsObject; an empty reason is "ClientError").
class ClientErrorReporter final : public Reporter {
 public:
  APIMACHINERY_DECL ClientErrorReporter(int code, std::string verb, std::string reason);
  APIMACHINERY_DECL std::shared_ptr<const runtime::Object> AsObject(std::string_view err) const override;

 private:
  int code_;
  std::string verb_;
  std::string reason_;
};

// StreamWatcher: see the top of this file.
class StreamWatcher final : public Interface {
 public:
  APIMACHINERY_DECL explicit StreamWatcher(std::unique_ptr<Decoder> source,
                                           std::shared_ptr<const Reporter> reporter = nullptr);
  StreamWatcher(const StreamWatcher&) = delete;
  StreamWatcher& operator=(const StreamWatcher&) = delete;
  APIMACHINERY_DECL ~StreamWatcher() override;

  APIMACHINERY_DECL std::optional<Event> Next() override;

  APIMACHINERY_DECL void Stop() noexcept override;

  // Err: the exception that ended the stream (nullptr while it runs, after a clean end or Stop).
  APIMACHINERY_DECL std::exception_ptr Err() const;

 private:
  APIMACHINERY_DECL bool Ended() const;
  APIMACHINERY_DECL bool Stopped() const;
  APIMACHINERY_DECL void Finish(std::exception_ptr err) noexcept;
  APIMACHINERY_DECL void CloseLocked() noexcept;

  std::unique_ptr<Decoder> source_;
  std::shared_ptr<const Reporter> reporter_;
  std::mutex next_mu_;  // serialises Next; the destructor waits on it
  mutable std::mutex mu_;
  bool closed_ = false;
  bool stopped_ = false;
  std::exception_ptr err_;
};

}  // namespace apimachinery::watch

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/watch/impl/streamwatcher.ipp"
#endif

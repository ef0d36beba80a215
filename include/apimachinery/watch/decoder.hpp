// The API server's watch stream: JSON bytes -> watch::Events.
//
// The stream is a sequence of WatchEvent documents, `{"type":"ADDED","object":{...}}`, one per
// line or back to back, split across reads anywhere. Upstream reads it in three layers, ported
// here as one:
// - framing: k8s.io/apimachinery/pkg/util/framer/framer.go (NewJSONFramedReader: one JSON value
//   per frame, cut by Go's json.Decoder; $GOROOT/src/encoding/json/stream.go: Decoder.readValue,
//   scanner.go, ported as util::json::Scanner in util/json/scanner.hpp) and
//   pkg/runtime/serializer/streaming/streaming.go (the 16 MiB frame limit);
// - the envelope: k8s.io/apimachinery/pkg/apis/meta/v1/watch.go: WatchEvent, decoded by the JSON
//   serializer (pkg/runtime/serializer/json/json.go: Serializer.Decode into a WatchEvent);
// - the event: k8s.io/client-go/rest/watch/decoder.go: Decoder.Decode (the type check, then the
//   embedded object through the scheme's decoder).
//
// Example:
//   runtime::Scheme scheme;
//   runtime::JSONSerializer codec(scheme);
//   std::string_view chunk = R"({"type":"ADDED","object":{"apiVersion":"v1","kind":"Pod","metadata":{"na)";
//   watch::EventStreamDecoder dec(codec);            // runtime::JSONSerializer: typed via its Scheme
//   dec.Feed(chunk);                                 // any split
//   while (auto ev = dec.Next()) fmt::print("{}\n", ev->type);   // every complete event so far
//   dec.FeedEOF();  dec.Next();                      // end of input: UnexpectedEOFError if truncated
//
//   auto [reader, writer] = watch::NewPipe();        // or any watch::Reader (an HTTP body)
//   auto w = watch::NewStreamWatcher(std::move(reader), codec);   // a watch::Interface
//
// Objects: decoded by runtime::JSONSerializer::Decode (a registered kind -> its typed object,
// else Unstructured), or always Unstructured with `options.unstructured` (CompactUnstructured
// with `options.compact`); the object of an ERROR
// event whose kind is "Status" is a metav1::Status whatever the Scheme holds.
//
// Errors (what() is upstream's text; a syntax error is sticky, as json.Decoder's; after any other
// error the next event can still be read):
// - SyntaxError: `invalid character 'x' looking for beginning of value` and the other scanner
//   texts, `invalid character '{' exceeded max depth` (10000 levels);
// - UnexpectedEOFError (an EOFError): input ended inside a value (`unexpected EOF`);
// - ObjectTooLargeError: a frame longer than options.max_frame_bytes (16 MiB, as upstream)
//   (`object to decode was longer than maximum allowed size`);
// - InvalidEventTypeError: `got invalid watch event type: FOO` (also for a missing type);
// - DecodeError: a frame that is not a WatchEvent (`couldn't get version/kind; json parse error:
//   json: cannot unmarshal number into Go value of type struct { ... }`, `json: cannot unmarshal
//   number into Go struct field WatchEvent.type of type string`, `unable to decode to
//   metav1.WatchEvent` for a frame of another kind) or whose object does not decode (`unable to
//   decode watch event: <the serializer's error>`, cause() holds that error).
// Invalid UTF-8 is not an error: as Go's decoder, each invalid byte inside a string becomes
// U+FFFD (and a lone surrogate escape \ud800 becomes \ufffd); outside a string it is a
// SyntaxError.
//
// Cost: one pass of a byte state machine over the stream (string contents are skipped in a tight
// loop), then one nlohmann parse of each object (the envelope is never parsed as a whole); bytes
// are copied once into the frame buffer.
// Thread-safety: an EventStreamDecoder is used by one thread at a time. A Pipe's writer and
// reader may be used from different threads; Reader::Close from any thread.
// Differences from upstream: frame-level apiVersion/kind are matched case-sensitively (Go's meta
// factory folds case); a frame of an unregistered kind is `unable to decode to
// metav1.WatchEvent` (Go: the scheme's not-registered text); the frame limit applies while the
// frame is read (Go reads the whole frame first); SyntaxError::offset() counts from the start
// of the stream.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "apimachinery/apis/meta/v1/decode_error.hpp"
#include "apimachinery/apis/meta/v1/status.hpp"
#include "apimachinery/config.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/runtime/codec_json.hpp"
#include "apimachinery/util/internal/json_type_name.hpp"
#include "apimachinery/util/json/scanner.hpp"
#include "apimachinery/util/json/string_pool.hpp"
#include "apimachinery/watch/event.hpp"
#include "apimachinery/watch/streamwatcher.hpp"

namespace apimachinery::watch {

// SyntaxError: malformed JSON in the stream (Go's *json.SyntaxError).
class SyntaxError : public Error {
 public:
  APIMACHINERY_DECL SyntaxError(const std::string& msg, std::int64_t offset);
  // offset: the number of bytes of the stream read before the error.
  APIMACHINERY_DECL std::int64_t offset() const noexcept;

 private:
  std::int64_t offset_;
};

// UnexpectedEOFError: the input ended inside a value (Go's io.ErrUnexpectedEOF).
class UnexpectedEOFError : public EOFError {
 public:
  APIMACHINERY_DECL UnexpectedEOFError();
};

// ObjectTooLargeError: a frame over the size limit (streaming.go: ErrObjectTooLarge).
class ObjectTooLargeError : public Error {
 public:
  APIMACHINERY_DECL ObjectTooLargeError();
};

// DecodeError: a frame that is not a valid watch event (see the top of this file).
class DecodeError : public Error {
 public:
  APIMACHINERY_DECL explicit DecodeError(const std::string& msg, std::exception_ptr cause = nullptr);
  // cause: the underlying error (the serializer's), or nullptr.
  APIMACHINERY_DECL const std::exception_ptr& cause() const noexcept;

 private:
  std::exception_ptr cause_;
};

// kDefaultMaxFrameBytes: streaming.go's maxBytes (16 MiB).
inline constexpr std::size_t kDefaultMaxFrameBytes = std::size_t{16} * 1024 * 1024;

struct EventStreamDecoderOptions {
  bool unstructured = false;  // objects as Unstructured, never typed
  // Objects as runtime::CompactUnstructured (immutable; a seventh of an Unstructured's memory),
  // never typed; takes precedence over `unstructured`.
  bool compact = false;
  // intern: with `compact`, the objects' documents intern into this pool (util/json/string_pool.hpp).
  std::shared_ptr<util::json::StringPool> intern = {};
  std::size_t max_frame_bytes = kDefaultMaxFrameBytes;
};

// EventStreamDecoder: push bytes, pull events. See the top of this file.
class EventStreamDecoder {
 public:
  APIMACHINERY_DECL explicit EventStreamDecoder(const runtime::JSONSerializer& serializer,
                                                EventStreamDecoderOptions options = {});

  // Feed appends bytes of the stream (ignored after FeedEOF). Throws only std::bad_alloc.
  APIMACHINERY_DECL void Feed(std::string_view bytes);
  // FeedEOF marks the end of the input.
  APIMACHINERY_DECL void FeedEOF() noexcept;

  // Next: the next complete event, or std::nullopt when more input is needed (or, once
  // Finished(), never comes). Throws the errors listed at the top of this file.
  APIMACHINERY_DECL std::optional<Event> Next();

  // Finished: the input ended cleanly after the last event (Go's io.EOF).
  APIMACHINERY_DECL bool Finished() const noexcept;
  // Buffered: bytes received but not yet consumed.
  APIMACHINERY_DECL std::size_t Buffered() const noexcept;

 private:
  struct Span {
    std::size_t begin = 0, end = 0;
  };
  struct Frame {
    Span text;
    bool is_object = false;
    std::vector<Span> types, api_versions, kinds;
    std::optional<Span> object;
  };

  // NextFrame: the next complete frame, or std::nullopt (need more input / finished).
  APIMACHINERY_DECL std::optional<Frame> NextFrame();
  APIMACHINERY_DECL Event DecodeFrame(const Frame& f);
  APIMACHINERY_DECL std::string Text(Span s) const;
  APIMACHINERY_DECL std::string_view View(Span s) const;
  APIMACHINERY_DECL std::size_t TrimEnd(std::size_t begin, std::size_t end) const;
  APIMACHINERY_DECL void CommitMember(Frame& f, std::size_t value_end);
  APIMACHINERY_DECL void Compact();
  APIMACHINERY_DECL void StartFrame();

  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);

  runtime::JSONSerializer serializer_;
  EventStreamDecoderOptions options_;
  std::string buf_;
  std::size_t frame_start_ = 0;  // first byte of the frame being scanned
  std::size_t pos_ = 0;          // next byte to scan
  std::int64_t consumed_ = 0;    // bytes dropped from buf_ before frame_start_
  bool eof_ = false;
  bool finished_ = false;
  std::exception_ptr sticky_;
  util::json::Scanner scanner_;
  bool started_ = false;   // the frame's first value byte was seen
  bool sanitize_ = false;  // the frame has non-ASCII bytes or surrogate escapes in strings
  Frame partial_;
  Span key_;
  std::size_t key_begin_ = kNone;
  std::size_t value_begin_ = kNone;
};

// Reader: a blocking byte source (Go's io.ReadCloser, an HTTP response body).
class Reader {
 public:
  virtual ~Reader() = default;
  // Read blocks until at least one byte is available and copies up to `n` bytes into `buf`;
  // returns 0 at the end of the stream (and after Close). May throw (an EOFError for a dropped
  // connection ends a StreamWatcher quietly; another error becomes its ERROR event).
  virtual std::size_t Read(char* buf, std::size_t n) = 0;
  // Close: wakes a blocked Read (which then returns 0); idempotent, any thread.
  virtual void Close() noexcept = 0;

 protected:
  Reader() = default;
  Reader(const Reader&) = default;
  Reader& operator=(const Reader&) = default;
  Reader(Reader&&) = default;
  Reader& operator=(Reader&&) = default;
};

// ClosedPipeError: a write to a Pipe whose reader was closed (Go's io.ErrClosedPipe).
class ClosedPipeError : public Error {
 public:
  APIMACHINERY_DECL ClosedPipeError();
};

namespace internal {
struct PipeState {
  std::mutex mu;
  std::condition_variable cv;
  std::deque<std::string> chunks;
  std::size_t offset = 0;  // into chunks.front()
  bool write_closed = false;
  bool read_closed = false;
  std::exception_ptr write_error;
};
}  // namespace internal

// PipeWriter: the writing end of NewPipe. Writes never block (the pipe buffers without bound).
class PipeWriter {
 public:
  APIMACHINERY_DECL explicit PipeWriter(std::shared_ptr<internal::PipeState> s);
  // Write queues bytes for the reader. Throws ClosedPipeError when the reader was closed.
  APIMACHINERY_DECL void Write(std::string_view bytes);
  // Close: the reader sees the end of the stream after the queued bytes. Idempotent.
  APIMACHINERY_DECL void Close() noexcept;
  // CloseWithError: the reader's Read throws `err` after the queued bytes (io.PipeWriter.CloseWithError).
  APIMACHINERY_DECL void CloseWithError(std::exception_ptr err) noexcept;

 private:
  std::shared_ptr<internal::PipeState> s_;
};

// PipeReader: the reading end of NewPipe.
class PipeReader final : public Reader {
 public:
  APIMACHINERY_DECL explicit PipeReader(std::shared_ptr<internal::PipeState> s);
  APIMACHINERY_DECL ~PipeReader() override;
  PipeReader(const PipeReader&) = delete;
  PipeReader& operator=(const PipeReader&) = delete;
  PipeReader(PipeReader&&) = delete;
  PipeReader& operator=(PipeReader&&) = delete;
  APIMACHINERY_DECL std::size_t Read(char* buf, std::size_t n) override;
  APIMACHINERY_DECL void Close() noexcept override;

 private:
  std::shared_ptr<internal::PipeState> s_;
};

// NewPipe: an in-memory byte stream (Go's io.Pipe, buffered): the writer for the producer (a fake
// API server), the reader for a StreamDecoder.
APIMACHINERY_DECL std::pair<std::unique_ptr<PipeReader>, std::shared_ptr<PipeWriter>> NewPipe();

// StreamDecoder: a watch::Decoder reading a Reader through an EventStreamDecoder (client-go's
// restclientwatch.NewDecoder over streaming.NewDecoder over the JSON framer).
class StreamDecoder final : public Decoder {
 public:
  APIMACHINERY_DECL StreamDecoder(std::unique_ptr<Reader> reader, const runtime::JSONSerializer& serializer,
                                  EventStreamDecoderOptions options = {});
  APIMACHINERY_DECL std::optional<Event> Decode() override;
  APIMACHINERY_DECL void Close() noexcept override;

 private:
  std::unique_ptr<Reader> reader_;
  EventStreamDecoder decoder_;
};

// NewStreamWatcher: a StreamWatcher over a StreamDecoder of `reader` (client-go's
// Request.newStreamWatcher). The serializer's Scheme must outlive the watcher.
APIMACHINERY_DECL std::unique_ptr<StreamWatcher> NewStreamWatcher(
    std::unique_ptr<Reader> reader, const runtime::JSONSerializer& serializer,
    EventStreamDecoderOptions options = {}, std::shared_ptr<const Reporter> reporter = nullptr);

// Implementation details follow.

}  // namespace apimachinery::watch

#if !defined(APIMACHINERY_SEPARATE_COMPILATION)
#include "apimachinery/watch/impl/decoder.ipp"
#endif

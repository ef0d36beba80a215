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
  SyntaxError(const std::string& msg, std::int64_t offset) : Error(msg), offset_(offset) {}
  // offset: the number of bytes of the stream read before the error.
  std::int64_t offset() const noexcept { return offset_; }

 private:
  std::int64_t offset_;
};

// UnexpectedEOFError: the input ended inside a value (Go's io.ErrUnexpectedEOF).
class UnexpectedEOFError : public EOFError {
 public:
  UnexpectedEOFError() : EOFError("unexpected EOF") {}
};

// ObjectTooLargeError: a frame over the size limit (streaming.go: ErrObjectTooLarge).
class ObjectTooLargeError : public Error {
 public:
  ObjectTooLargeError() : Error("object to decode was longer than maximum allowed size") {}
};

// DecodeError: a frame that is not a valid watch event (see the top of this file).
class DecodeError : public Error {
 public:
  explicit DecodeError(const std::string& msg, std::exception_ptr cause = nullptr)
      : Error(msg), cause_(std::move(cause)) {}
  // cause: the underlying error (the serializer's), or nullptr.
  const std::exception_ptr& cause() const noexcept { return cause_; }

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
  explicit EventStreamDecoder(const runtime::JSONSerializer& serializer,
                              EventStreamDecoderOptions options = {})
      : serializer_(serializer), options_(std::move(options)) {}

  // Feed appends bytes of the stream (ignored after FeedEOF). Throws only std::bad_alloc.
  void Feed(std::string_view bytes) {
    if (eof_) return;
    Compact();
    buf_.append(bytes);
  }
  // FeedEOF marks the end of the input.
  void FeedEOF() noexcept { eof_ = true; }

  // Next: the next complete event, or std::nullopt when more input is needed (or, once
  // Finished(), never comes). Throws the errors listed at the top of this file.
  std::optional<Event> Next();

  // Finished: the input ended cleanly after the last event (Go's io.EOF).
  bool Finished() const noexcept { return finished_; }
  // Buffered: bytes received but not yet consumed.
  std::size_t Buffered() const noexcept { return buf_.size() - frame_start_; }

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
  std::optional<Frame> NextFrame();
  Event DecodeFrame(const Frame& f);
  std::string Text(Span s) const {
    std::string_view v(buf_.data() + s.begin, s.end - s.begin);
    return sanitize_ ? util::json::SanitizeStrings(v) : std::string(v);
  }
  std::string_view View(Span s) const { return std::string_view(buf_.data() + s.begin, s.end - s.begin); }
  std::size_t TrimEnd(std::size_t begin, std::size_t end) const {
    while (end > begin && util::json::Scanner::IsSpace(static_cast<unsigned char>(buf_[end - 1]))) --end;
    return end;
  }
  void CommitMember(Frame& f, std::size_t value_end);
  void Compact() {
    if (frame_start_ == 0) return;
    if (frame_start_ < 4096 && frame_start_ * 2 < buf_.size()) return;
    buf_.erase(0, frame_start_);
    pos_ -= frame_start_;
    key_ = Span{key_.begin >= frame_start_ ? key_.begin - frame_start_ : 0,
                key_.end >= frame_start_ ? key_.end - frame_start_ : 0};
    if (value_begin_ != kNone) value_begin_ -= frame_start_;
    if (key_begin_ != kNone) key_begin_ -= frame_start_;
    for (auto* v : {&partial_.types, &partial_.api_versions, &partial_.kinds}) {
      for (Span& s : *v) {
        s.begin -= frame_start_;
        s.end -= frame_start_;
      }
    }
    if (partial_.object) {
      partial_.object->begin -= frame_start_;
      partial_.object->end -= frame_start_;
    }
    consumed_ += static_cast<std::int64_t>(frame_start_);
    frame_start_ = 0;
  }
  void StartFrame() {
    scanner_.Reset();
    partial_ = Frame{};
    key_ = Span{};
    key_begin_ = kNone;
    value_begin_ = kNone;
    sanitize_ = false;
    started_ = false;
  }

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
  ClosedPipeError() : Error("io: read/write on closed pipe") {}
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
  explicit PipeWriter(std::shared_ptr<internal::PipeState> s) : s_(std::move(s)) {}
  // Write queues bytes for the reader. Throws ClosedPipeError when the reader was closed.
  void Write(std::string_view bytes) {
    std::lock_guard lock(s_->mu);
    if (s_->read_closed || s_->write_closed) throw ClosedPipeError();
    if (bytes.empty()) return;
    s_->chunks.emplace_back(bytes);
    s_->cv.notify_all();
  }
  // Close: the reader sees the end of the stream after the queued bytes. Idempotent.
  void Close() noexcept { CloseWithError(nullptr); }
  // CloseWithError: the reader's Read throws `err` after the queued bytes (io.PipeWriter.CloseWithError).
  void CloseWithError(std::exception_ptr err) noexcept {
    std::lock_guard lock(s_->mu);
    if (s_->write_closed) return;
    s_->write_closed = true;
    s_->write_error = std::move(err);
    s_->cv.notify_all();
  }

 private:
  std::shared_ptr<internal::PipeState> s_;
};

// PipeReader: the reading end of NewPipe.
class PipeReader final : public Reader {
 public:
  explicit PipeReader(std::shared_ptr<internal::PipeState> s) : s_(std::move(s)) {}
  ~PipeReader() override { Close(); }
  PipeReader(const PipeReader&) = delete;
  PipeReader& operator=(const PipeReader&) = delete;
  PipeReader(PipeReader&&) = delete;
  PipeReader& operator=(PipeReader&&) = delete;
  std::size_t Read(char* buf, std::size_t n) override {
    std::unique_lock lock(s_->mu);
    s_->cv.wait(lock, [&] { return s_->read_closed || s_->write_closed || !s_->chunks.empty(); });
    if (s_->read_closed) return 0;
    if (s_->chunks.empty()) {
      if (s_->write_error) std::rethrow_exception(s_->write_error);
      return 0;
    }
    std::size_t copied = 0;
    while (copied < n && !s_->chunks.empty()) {
      const std::string& front = s_->chunks.front();
      const std::size_t k = std::min(n - copied, front.size() - s_->offset);
      front.copy(buf + copied, k, s_->offset);
      copied += k;
      s_->offset += k;
      if (s_->offset == front.size()) {
        s_->chunks.pop_front();
        s_->offset = 0;
      }
    }
    return copied;
  }
  void Close() noexcept override {
    std::lock_guard lock(s_->mu);
    s_->read_closed = true;
    s_->chunks.clear();
    s_->cv.notify_all();
  }

 private:
  std::shared_ptr<internal::PipeState> s_;
};

// NewPipe: an in-memory byte stream (Go's io.Pipe, buffered): the writer for the producer (a fake
// API server), the reader for a StreamDecoder.
inline std::pair<std::unique_ptr<PipeReader>, std::shared_ptr<PipeWriter>> NewPipe() {
  auto s = std::make_shared<internal::PipeState>();
  return {std::make_unique<PipeReader>(s), std::make_shared<PipeWriter>(s)};
}

// StreamDecoder: a watch::Decoder reading a Reader through an EventStreamDecoder (client-go's
// restclientwatch.NewDecoder over streaming.NewDecoder over the JSON framer).
class StreamDecoder final : public Decoder {
 public:
  StreamDecoder(std::unique_ptr<Reader> reader, const runtime::JSONSerializer& serializer,
                EventStreamDecoderOptions options = {})
      : reader_(std::move(reader)), decoder_(serializer, std::move(options)) {}
  std::optional<Event> Decode() override {
    char buf[16 * 1024];
    for (;;) {
      if (std::optional<Event> ev = decoder_.Next()) return ev;
      if (decoder_.Finished()) return std::nullopt;
      const std::size_t n = reader_->Read(buf, sizeof buf);
      if (n == 0) {
        decoder_.FeedEOF();
      } else {
        decoder_.Feed(std::string_view(buf, n));
      }
    }
  }
  void Close() noexcept override { reader_->Close(); }

 private:
  std::unique_ptr<Reader> reader_;
  EventStreamDecoder decoder_;
};

// NewStreamWatcher: a StreamWatcher over a StreamDecoder of `reader` (client-go's
// Request.newStreamWatcher). The serializer's Scheme must outlive the watcher.
inline std::unique_ptr<StreamWatcher> NewStreamWatcher(std::unique_ptr<Reader> reader,
                                                       const runtime::JSONSerializer& serializer,
                                                       EventStreamDecoderOptions options = {},
                                                       std::shared_ptr<const Reporter> reporter = nullptr) {
  return std::make_unique<StreamWatcher>(
      std::make_unique<StreamDecoder>(std::move(reader), serializer, std::move(options)),
      std::move(reporter));
}

// Implementation details follow.

inline std::optional<Event> EventStreamDecoder::Next() {
  if (sticky_) std::rethrow_exception(sticky_);
  std::optional<Frame> f;
  try {
    f = NextFrame();
  } catch (...) {
    sticky_ = std::current_exception();
    throw;
  }
  if (!f) return std::nullopt;
  try {
    return DecodeFrame(*f);
  } catch (const nlohmann::json::exception& e) {  // not expected: every span was scanned first
    throw DecodeError(e.what());
  }
}

inline void EventStreamDecoder::CommitMember(Frame& f, std::size_t value_end) {
  if (value_begin_ == kNone) return;
  const Span value{value_begin_, TrimEnd(value_begin_, value_end)};
  value_begin_ = kNone;
  std::string_view raw = View(key_);
  std::string key;
  if (raw.find('\\') != std::string_view::npos || sanitize_) {
    try {
      key = nlohmann::json::parse(util::json::SanitizeStrings(raw)).get<std::string>();
    } catch (const nlohmann::json::exception&) {
      return;  // cannot happen for a scanned key; such a key names no field we read
    }
  } else if (raw.size() >= 2) {
    key.assign(raw.substr(1, raw.size() - 2));
  }
  if (key == "type") {
    f.types.push_back(value);
  } else if (key == "object") {
    f.object = value;
  } else if (key == "apiVersion") {
    f.api_versions.push_back(value);
  } else if (key == "kind") {
    f.kinds.push_back(value);
  }
}

inline std::optional<EventStreamDecoder::Frame> EventStreamDecoder::NextFrame() {
  using util::json::ScanCode;
  if (finished_) return std::nullopt;
  if (pos_ == frame_start_) StartFrame();
  const std::size_t n = buf_.size();
  const char* data = buf_.data();
  while (pos_ < n) {
    if (scanner_.InString()) {
      // Fast path: the bytes of a string that need no state change.
      while (pos_ < n) {
        const auto c = static_cast<unsigned char>(data[pos_]);
        if (c == '"' || c == '\\' || c < 0x20) break;
        if (c >= 0x80) sanitize_ = true;
        ++pos_;
      }
      if (pos_ == n) break;
    }
    const auto c = static_cast<unsigned char>(data[pos_]);
    const std::size_t depth = scanner_.Depth();
    const bool expecting_key = depth == 1 && scanner_.Top() == util::json::Scanner::ParseState::kObjectKey;
    const bool expecting_value =
        depth == 1 && scanner_.Top() == util::json::Scanner::ParseState::kObjectValue;
    const ScanCode code = scanner_.Step(c);
    if (scanner_.TakeSurrogateEscape()) sanitize_ = true;
    switch (code) {
      case ScanCode::kError:
        throw SyntaxError(scanner_.Error(), consumed_ + static_cast<std::int64_t>(pos_) + 1);
      case ScanCode::kEnd: {  // a top-level literal ended before this byte
        Frame f = std::move(partial_);
        f.text = Span{frame_start_, pos_};
        frame_start_ = pos_;
        return f;
      }
      case ScanCode::kBeginObject:
        if (!started_) partial_.is_object = true;
        [[fallthrough]];
      case ScanCode::kBeginArray:
      case ScanCode::kBeginLiteral:
        if (!started_) {
          started_ = true;
        } else if (expecting_key) {
          key_begin_ = pos_;
        } else if (expecting_value) {
          value_begin_ = pos_;
        }
        break;
      case ScanCode::kObjectKey:
        if (depth == 1 && key_begin_ != kNone) {
          key_ = Span{key_begin_, TrimEnd(key_begin_, pos_)};
          key_begin_ = kNone;
        }
        break;
      case ScanCode::kObjectValue:
        if (depth == 1) CommitMember(partial_, pos_);
        break;
      case ScanCode::kEndObject:
      case ScanCode::kEndArray:
        if (depth == 1) {
          if (code == ScanCode::kEndObject) CommitMember(partial_, pos_);
          ++pos_;
          Frame f = std::move(partial_);
          f.text = Span{frame_start_, pos_};
          frame_start_ = pos_;
          return f;
        }
        break;
      default:
        break;
    }
    ++pos_;
    if (pos_ - frame_start_ > options_.max_frame_bytes) throw ObjectTooLargeError();
  }
  if (pos_ - frame_start_ > options_.max_frame_bytes) throw ObjectTooLargeError();
  if (!eof_) return std::nullopt;
  // End of input: json.Decoder.readValue's io.EOF branch.
  if (started_ && scanner_.Step(' ') == ScanCode::kEnd) {
    Frame f = std::move(partial_);
    f.text = Span{frame_start_, pos_};
    frame_start_ = pos_;
    return f;
  }
  for (std::size_t i = frame_start_; i < n; ++i) {
    if (!util::json::Scanner::IsSpace(static_cast<unsigned char>(data[i]))) throw UnexpectedEOFError();
  }
  finished_ = true;
  frame_start_ = pos_ = n;
  return std::nullopt;
}

inline Event EventStreamDecoder::DecodeFrame(const Frame& f) {
  // The frame must be an object (the JSON serializer's Interpret step); a null frame decodes to
  // an empty WatchEvent.
  std::string_view text = View(f.text);
  while (!text.empty() && util::json::Scanner::IsSpace(static_cast<unsigned char>(text.front()))) {
    text.remove_prefix(1);
  }
  auto interpret_error = [&]() -> DecodeError {
    try {
      (void)serializer_.DecodeUnstructured(Text(f.text));
    } catch (const std::exception& e) {
      return DecodeError(e.what(), std::current_exception());
    }
    return DecodeError("unable to decode to metav1.WatchEvent");
  };
  if (!f.is_object) {
    if (text != "null") throw interpret_error();
    throw InvalidEventTypeError("");
  }
  std::string kind;
  for (const auto* spans : {&f.api_versions, &f.kinds}) {
    for (const Span& s : *spans) {
      const nlohmann::json v = nlohmann::json::parse(Text(s));
      if (!v.is_string() && !v.is_null()) throw interpret_error();
      if (spans == &f.kinds && v.is_string()) kind = v.get<std::string>();
    }
  }
  if (!kind.empty() && kind != "WatchEvent") throw DecodeError("unable to decode to metav1.WatchEvent");
  std::string type;
  for (const Span& s : f.types) {
    std::string_view raw = View(s);
    if (!sanitize_ && raw.size() >= 2 && raw.front() == '"' && raw.find('\\') == std::string_view::npos) {
      type.assign(raw.substr(1, raw.size() - 2));
      continue;
    }
    const nlohmann::json v = nlohmann::json::parse(Text(s));
    if (v.is_null()) continue;
    if (!v.is_string()) {
      throw DecodeError(
          fmt::format("json: cannot unmarshal {} into Go struct field WatchEvent.type of type string",
                      util::internal::JSONTypeName(v)));
    }
    type = v.get<std::string>();
  }
  const EventType event_type = ParseEventType(type);
  if (!f.object || View(*f.object) == "null") {
    throw DecodeError(
        "unable to decode watch event: couldn't get version/kind; json parse error: unexpected end of JSON "
        "input",
        std::make_exception_ptr(metav1::DecodeError(
            "couldn't get version/kind; json parse error: unexpected end of JSON input")));
  }
  const std::string object = Text(*f.object);
  try {
    if (event_type == EventType::kError) {
      nlohmann::json doc = nlohmann::json::parse(object);
      if (doc.is_object()) {
        auto k = doc.find("kind");
        if (k != doc.end() && k->is_string() && k->get_ref<const std::string&>() == "Status") {
          auto status = std::make_shared<metav1::Status>();
          from_json(doc, *status);
          return Event{event_type, std::move(status)};
        }
      }
    }
    std::unique_ptr<runtime::Object> obj = options_.compact
                                               ? serializer_.DecodeCompact(object, options_.intern)
                                           : options_.unstructured ? serializer_.DecodeUnstructured(object)
                                                                   : serializer_.Decode(object);
    return Event{event_type, std::shared_ptr<const runtime::Object>(std::move(obj))};
  } catch (const std::exception& e) {
    throw DecodeError(fmt::format("unable to decode watch event: {}", e.what()), std::current_exception());
  }
}

}  // namespace apimachinery::watch

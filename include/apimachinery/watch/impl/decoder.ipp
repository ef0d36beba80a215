// Definitions of the non-template functions declared in <apimachinery/watch/decoder.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/watch/decoder.hpp"

namespace apimachinery::watch {

APIMACHINERY_DECL SyntaxError::SyntaxError(const std::string& msg, std::int64_t offset)
    : Error(msg), offset_(offset) {}

APIMACHINERY_DECL std::int64_t SyntaxError::offset() const noexcept { return offset_; }

APIMACHINERY_DECL UnexpectedEOFError::UnexpectedEOFError() : EOFError("unexpected EOF") {}

APIMACHINERY_DECL ObjectTooLargeError::ObjectTooLargeError()
    : Error("object to decode was longer than maximum allowed size") {}

APIMACHINERY_DECL DecodeError::DecodeError(const std::string& msg, std::exception_ptr cause)
    : Error(msg), cause_(std::move(cause)) {}

APIMACHINERY_DECL const std::exception_ptr& DecodeError::cause() const noexcept { return cause_; }

APIMACHINERY_DECL EventStreamDecoder::EventStreamDecoder(const runtime::JSONSerializer& serializer,
                                                         EventStreamDecoderOptions options)
    : serializer_(serializer), options_(std::move(options)) {}

APIMACHINERY_DECL void EventStreamDecoder::Feed(std::string_view bytes) {
  if (eof_) return;
  Compact();
  buf_.append(bytes);
}

APIMACHINERY_DECL void EventStreamDecoder::FeedEOF() noexcept { eof_ = true; }

APIMACHINERY_DECL bool EventStreamDecoder::Finished() const noexcept { return finished_; }

APIMACHINERY_DECL std::size_t EventStreamDecoder::Buffered() const noexcept {
  return buf_.size() - frame_start_;
}

APIMACHINERY_DECL std::string EventStreamDecoder::Text(Span s) const {
  std::string_view v(buf_.data() + s.begin, s.end - s.begin);
  return sanitize_ ? util::json::SanitizeStrings(v) : std::string(v);
}

APIMACHINERY_DECL std::string_view EventStreamDecoder::View(Span s) const {
  return std::string_view(buf_.data() + s.begin, s.end - s.begin);
}

APIMACHINERY_DECL std::size_t EventStreamDecoder::TrimEnd(std::size_t begin, std::size_t end) const {
  while (end > begin && util::json::Scanner::IsSpace(static_cast<unsigned char>(buf_[end - 1]))) --end;
  return end;
}

APIMACHINERY_DECL void EventStreamDecoder::Compact() {
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

APIMACHINERY_DECL void EventStreamDecoder::StartFrame() {
  scanner_.Reset();
  partial_ = Frame{};
  key_ = Span{};
  key_begin_ = kNone;
  value_begin_ = kNone;
  sanitize_ = false;
  started_ = false;
}

APIMACHINERY_DECL ClosedPipeError::ClosedPipeError() : Error("io: read/write on closed pipe") {}

APIMACHINERY_DECL PipeWriter::PipeWriter(std::shared_ptr<internal::PipeState> s) : s_(std::move(s)) {}

APIMACHINERY_DECL void PipeWriter::Write(std::string_view bytes) {
  std::lock_guard lock(s_->mu);
  if (s_->read_closed || s_->write_closed) throw ClosedPipeError();
  if (bytes.empty()) return;
  s_->chunks.emplace_back(bytes);
  s_->cv.notify_all();
}

APIMACHINERY_DECL void PipeWriter::Close() noexcept { CloseWithError(nullptr); }

APIMACHINERY_DECL void PipeWriter::CloseWithError(std::exception_ptr err) noexcept {
  std::lock_guard lock(s_->mu);
  if (s_->write_closed) return;
  s_->write_closed = true;
  s_->write_error = std::move(err);
  s_->cv.notify_all();
}

APIMACHINERY_DECL PipeReader::PipeReader(std::shared_ptr<internal::PipeState> s) : s_(std::move(s)) {}

APIMACHINERY_DECL PipeReader::~PipeReader() { Close(); }

APIMACHINERY_DECL std::size_t PipeReader::Read(char* buf, std::size_t n) {
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

APIMACHINERY_DECL void PipeReader::Close() noexcept {
  std::lock_guard lock(s_->mu);
  s_->read_closed = true;
  s_->chunks.clear();
  s_->cv.notify_all();
}

APIMACHINERY_DECL std::pair<std::unique_ptr<PipeReader>, std::shared_ptr<PipeWriter>> NewPipe() {
  auto s = std::make_shared<internal::PipeState>();
  return {std::make_unique<PipeReader>(s), std::make_shared<PipeWriter>(s)};
}

APIMACHINERY_DECL StreamDecoder::StreamDecoder(std::unique_ptr<Reader> reader,
                                               const runtime::JSONSerializer& serializer,
                                               EventStreamDecoderOptions options)
    : reader_(std::move(reader)), decoder_(serializer, std::move(options)) {}

APIMACHINERY_DECL std::optional<Event> StreamDecoder::Decode() {
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

APIMACHINERY_DECL void StreamDecoder::Close() noexcept { reader_->Close(); }

APIMACHINERY_DECL std::unique_ptr<StreamWatcher> NewStreamWatcher(std::unique_ptr<Reader> reader,
                                                                  const runtime::JSONSerializer& serializer,
                                                                  EventStreamDecoderOptions options,
                                                                  std::shared_ptr<const Reporter> reporter) {
  return std::make_unique<StreamWatcher>(
      std::make_unique<StreamDecoder>(std::move(reader), serializer, std::move(options)),
      std::move(reporter));
}

APIMACHINERY_DECL std::optional<Event> EventStreamDecoder::Next() {
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

APIMACHINERY_DECL void EventStreamDecoder::CommitMember(Frame& f, std::size_t value_end) {
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

APIMACHINERY_DECL std::optional<EventStreamDecoder::Frame> EventStreamDecoder::NextFrame() {
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

APIMACHINERY_DECL Event EventStreamDecoder::DecodeFrame(const Frame& f) {
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

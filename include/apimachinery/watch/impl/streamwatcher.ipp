// Definitions of the non-template functions declared in <apimachinery/watch/streamwatcher.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/watch/streamwatcher.hpp"

namespace apimachinery::watch {

APIMACHINERY_DECL ClientErrorReporter::ClientErrorReporter(int code, std::string verb, std::string reason)
    : code_(code), verb_(std::move(verb)), reason_(std::move(reason)) {}

APIMACHINERY_DECL std::shared_ptr<const runtime::Object> ClientErrorReporter::AsObject(
    std::string_view err) const {
  metav1::Status status =
      errors::NewGenericServerResponse(code_, verb_, schema::GroupResource{}, "", err, 0, true).err_status;
  if (!status.details) status.details.emplace();
  status.details->causes.push_back(
      metav1::StatusCause{reason_.empty() ? std::string("ClientError") : reason_, std::string(err), ""});
  return std::make_shared<const metav1::Status>(std::move(status));
}

APIMACHINERY_DECL StreamWatcher::StreamWatcher(std::unique_ptr<Decoder> source,
                                               std::shared_ptr<const Reporter> reporter)
    : source_(std::move(source)), reporter_(std::move(reporter)) {
  if (!reporter_) reporter_ = std::make_shared<ClientErrorReporter>(500, "GET", "ClientWatchDecoding");
}

APIMACHINERY_DECL StreamWatcher::~StreamWatcher() {
  Stop();
  std::lock_guard wait_for_next(next_mu_);
}

APIMACHINERY_DECL std::optional<Event> StreamWatcher::Next() {
  std::lock_guard next_lock(next_mu_);
  if (Ended()) return std::nullopt;
  std::string failure;
  try {
    std::optional<Event> ev = source_->Decode();
    if (!ev) {
      Finish(nullptr);
      return std::nullopt;
    }
    if (Ended()) return std::nullopt;  // stopped meanwhile: dropped, as upstream
    return ev;
  } catch (const EOFError&) {
    Finish(std::current_exception());
    return std::nullopt;
  } catch (const std::exception& e) {
    failure = e.what();
    Finish(std::current_exception());
  } catch (...) {
    failure = "unknown error";
    Finish(std::current_exception());
  }
  if (Stopped()) return std::nullopt;
  return Event{EventType::kError,
               reporter_->AsObject("unable to decode an event from the watch stream: " + failure)};
}

APIMACHINERY_DECL void StreamWatcher::Stop() noexcept {
  std::lock_guard lock(mu_);
  stopped_ = true;
  CloseLocked();
}

APIMACHINERY_DECL std::exception_ptr StreamWatcher::Err() const {
  std::lock_guard lock(mu_);
  return err_;
}

APIMACHINERY_DECL bool StreamWatcher::Ended() const {
  std::lock_guard lock(mu_);
  return closed_;
}

APIMACHINERY_DECL bool StreamWatcher::Stopped() const {
  std::lock_guard lock(mu_);
  return stopped_;
}

APIMACHINERY_DECL void StreamWatcher::Finish(std::exception_ptr err) noexcept {
  std::lock_guard lock(mu_);
  if (!closed_ && !stopped_) err_ = std::move(err);
  CloseLocked();
}

APIMACHINERY_DECL void StreamWatcher::CloseLocked() noexcept {
  if (closed_) return;
  closed_ = true;
  source_->Close();
}

}  // namespace apimachinery::watch

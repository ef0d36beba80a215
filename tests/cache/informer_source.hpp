// A scripted object source for the informer tests, in the manner of client-go's
// tools/cache/testing/fake_controller_source.go (FakeControllerSource): a map of objects with a
// resourceVersion counter, a history of changes, and watches fed from it through watch::FakeWatcher.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "apimachinery/api/errors/errors.hpp"
#include "apimachinery/apis/meta/v1/types.hpp"
#include "apimachinery/cache/listwatch.hpp"
#include "apimachinery/error.hpp"
#include "apimachinery/watch/fake.hpp"

#include "cache/test_pod.hpp"

namespace cache_test {

class InformerSource {
 public:
  using PodPtr = std::shared_ptr<const TestPod>;

  // Add / Modify / Delete change the object, bump the resourceVersion and tell every watch.
  void Add(const TestPod& p) { Change(apimachinery::watch::EventType::kAdded, p, true); }
  void Modify(const TestPod& p) { Change(apimachinery::watch::EventType::kModified, p, true); }
  void Delete(const TestPod& p) { Change(apimachinery::watch::EventType::kDeleted, p, true); }
  // The *DropWatch variants change the object without telling the watches (a missed event).
  void AddDropWatch(const TestPod& p) { Change(apimachinery::watch::EventType::kAdded, p, false); }
  void ModifyDropWatch(const TestPod& p) { Change(apimachinery::watch::EventType::kModified, p, false); }
  void DeleteDropWatch(const TestPod& p) { Change(apimachinery::watch::EventType::kDeleted, p, false); }

  // ResetWatch ends every open watch (a connection loss); the next watch answers 410 Expired
  // (its version is too old), so the Reflector relists.
  void ResetWatch() {
    std::lock_guard lock(mu_);
    for (auto& w : watchers_) w->Stop();
    watchers_.clear();
    expire_next_watch_ = true;
  }

  // Fail every List with this message (nullopt: succeed).
  void SetListError(std::optional<std::string> e) {
    std::lock_guard lock(mu_);
    list_error_ = std::move(e);
  }

  std::shared_ptr<apimachinery::cache::ListWatch> LW() {
    return std::make_shared<apimachinery::cache::ListWatch>(
        [this](const apimachinery::metav1::ListOptions&) { return List(); },
        [this](const apimachinery::metav1::ListOptions& o) { return Watch(o); });
  }

  int lists() const { return lists_.load(); }
  int watches() const { return watches_.load(); }
  std::string CurrentResourceVersion() const {
    std::lock_guard lock(mu_);
    return std::to_string(rv_);
  }

 private:
  struct Change_ {
    std::int64_t rv;
    apimachinery::watch::EventType type;
    PodPtr obj;
  };

  // SharedWatch: the watch handed out; the source keeps the FakeWatcher to feed it.
  class SharedWatch final : public apimachinery::watch::Interface {
   public:
    explicit SharedWatch(std::shared_ptr<apimachinery::watch::FakeWatcher> w) : w_(std::move(w)) {}
    ~SharedWatch() override { w_->Stop(); }
    SharedWatch(const SharedWatch&) = delete;
    SharedWatch& operator=(const SharedWatch&) = delete;
    std::optional<apimachinery::watch::Event> Next() override { return w_->Next(); }
    void Stop() noexcept override { w_->Stop(); }

   private:
    std::shared_ptr<apimachinery::watch::FakeWatcher> w_;
  };

  void Change(apimachinery::watch::EventType type, const TestPod& p, bool notify) {
    std::lock_guard lock(mu_);
    auto copy = std::make_shared<TestPod>(p);
    copy->metadata.resource_version = std::to_string(++rv_);
    const std::string key = copy->metadata.namespace_.empty() ? copy->metadata.name
                                                               : copy->metadata.namespace_ + "/" + copy->metadata.name;
    if (type == apimachinery::watch::EventType::kDeleted) {
      objects_.erase(key);
    } else {
      objects_[key] = copy;
    }
    if (!notify) return;
    history_.push_back(Change_{rv_, type, copy});
    for (auto& w : watchers_) {
      if (!w->IsStopped()) w->Action(type, copy);
    }
  }

  apimachinery::cache::ListResult List() {
    std::lock_guard lock(mu_);
    ++lists_;
    if (list_error_) throw apimachinery::Error(*list_error_);
    apimachinery::cache::ListResult r;
    for (const auto& [k, v] : objects_) r.items.push_back(v);
    r.resource_version = std::to_string(rv_);
    return r;
  }

  std::unique_ptr<apimachinery::watch::Interface> Watch(const apimachinery::metav1::ListOptions& o) {
    std::lock_guard lock(mu_);
    ++watches_;
    std::int64_t from = 0;
    if (!o.resource_version.empty()) from = std::stoll(o.resource_version);
    auto w = std::make_shared<apimachinery::watch::FakeWatcher>(1 << 20);
    if (expire_next_watch_) {
      expire_next_watch_ = false;
      const auto e = apimachinery::errors::NewResourceExpired("too old resource version: " + o.resource_version + " (" +
                                                              std::to_string(rv_) + ")");
      w->Error(std::make_shared<const apimachinery::metav1::Status>(e.Status()));
      w->Stop();
      return std::make_unique<SharedWatch>(w);
    }
    for (const Change_& c : history_) {
      if (c.rv > from) w->Action(c.type, c.obj);
    }
    watchers_.push_back(w);
    return std::make_unique<SharedWatch>(w);
  }

  mutable std::mutex mu_;
  std::int64_t rv_ = 0;
  std::map<std::string, PodPtr> objects_;
  std::vector<Change_> history_;
  std::vector<std::shared_ptr<apimachinery::watch::FakeWatcher>> watchers_;
  std::optional<std::string> list_error_;
  bool expire_next_watch_ = false;
  std::atomic<int> lists_{0};
  std::atomic<int> watches_{0};
};

inline TestPod NewPod(std::string ns, std::string name, std::string node = {}) {
  TestPod p;
  p.metadata.namespace_ = std::move(ns);
  p.metadata.name = std::move(name);
  p.spec.node_name = std::move(node);
  return p;
}

}  // namespace cache_test

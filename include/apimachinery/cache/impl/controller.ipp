// Definitions of the non-template functions declared in <apimachinery/cache/controller.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/controller.hpp"

namespace apimachinery::cache {

APIMACHINERY_DECL void ResourceEventHandlerFuncs::OnAdd(const std::shared_ptr<const runtime::Object>& obj,
                                                        bool is_in_initial_list) const {
  if (on_add) on_add(obj, is_in_initial_list);
}

APIMACHINERY_DECL void ResourceEventHandlerFuncs::OnUpdate(
    const std::shared_ptr<const runtime::Object>& old_obj,
    const std::shared_ptr<const runtime::Object>& new_obj) const {
  if (on_update) on_update(old_obj, new_obj);
}

APIMACHINERY_DECL void ResourceEventHandlerFuncs::OnDelete(
    const std::shared_ptr<const runtime::Object>& obj) const {
  if (on_delete) on_delete(obj);
}

APIMACHINERY_DECL Controller::Controller(Config config) : config_(std::move(config)) {
  if (!config_.queue) throw Error("cache.Controller: Config.queue is not set");
  if (!config_.lister_watcher) throw Error("cache.Controller: Config.lister_watcher is not set");
  if (!config_.process && !config_.process_batch) throw Error("cache.Controller: Config.process is not set");
}

APIMACHINERY_DECL bool Controller::HasSynced() const { return config_.queue->HasSynced(); }

APIMACHINERY_DECL std::string Controller::LastSyncResourceVersion() const {
  std::lock_guard lock(mu_);
  return reflector_ ? reflector_->LastSyncResourceVersion() : std::string();
}

APIMACHINERY_DECL void Controller::ProcessLoop(const std::stop_token& stop) {
  while (!stop.stop_requested()) {
    try {
      if (config_.process_batch) {
        config_.queue->PopBatch(stop, config_.process_batch, config_.batch_size);
      } else {
        config_.queue->Pop(stop, config_.process);
      }
    } catch (const FIFOClosedError&) {
      return;
    } catch (const ContextDoneError&) {
      return;
    }
  }
}

APIMACHINERY_DECL void Controller::Run(const std::stop_token& stop) {
  std::shared_ptr<Reflector> reflector;
  {
    std::lock_guard lock(mu_);
    if (ran_) return;  // upstream: "It's an error to call Run more than once"
    ran_ = true;
    reflector_ = std::make_shared<Reflector>(config_.lister_watcher, *config_.queue, config_.reflector);
    reflector = reflector_;
  }
  std::stop_source reflector_stop;
  std::exception_ptr reflector_error;
  std::thread reflector_thread([&] {
    try {
      reflector->Run(reflector_stop.get_token());
    } catch (...) {
      reflector_error = std::current_exception();
    }
  });
  std::exception_ptr loop_error;
  {
    // Upstream closes the queue when the context is done; the loop ends at once.
    std::stop_callback on_stop(stop, [&] {
      reflector_stop.request_stop();
      config_.queue->Close();
    });
    try {
      ProcessLoop(stop);
    } catch (...) {
      loop_error = std::current_exception();
    }
  }
  reflector_stop.request_stop();
  reflector_thread.join();
  if (loop_error) std::rethrow_exception(loop_error);
  if (reflector_error) std::rethrow_exception(reflector_error);
}

APIMACHINERY_DECL Informer NewInformerWithOptions(InformerOptions options) {
  Informer out;
  out.store = std::make_shared<Indexer>(MetaNamespaceKeyFunc, options.indexers);
  auto fifo = std::make_shared<RealFIFO>(MetaNamespaceKeyFunc, out.store, std::move(options.transform));
  Config cfg;
  cfg.queue = fifo;
  cfg.lister_watcher = std::move(options.lister_watcher);
  cfg.reflector = std::move(options.reflector);
  cfg.reflector.resync_period = options.resync_period;
  cfg.process_batch = [store = out.store, handler = std::move(options.handler)](
                          const Deltas& d, bool initial) { ProcessDeltas(handler, *store, d, initial); };
  out.controller = std::make_unique<Controller>(std::move(cfg));
  return out;
}

}  // namespace apimachinery::cache

// Definitions of the non-template functions declared in <apimachinery/cache/store.hpp>.
//
// Included at the end of that header (header-only mode), or compiled once into the
// apimachinery::compiled library (APIMACHINERY_SEPARATE_COMPILATION):
// docs/design/compile-cost.md.
#pragma once

#include "apimachinery/cache/store.hpp"

namespace apimachinery::cache {

APIMACHINERY_DECL KeyError::KeyError(std::string_view type_name, std::string_view why)
    : Error(fmt::format("couldn't create key for object {}: {}", type_name, why)),
      object_type(type_name),
      reason(why) {}

APIMACHINERY_DECL Indexer::Indexer(KeyFunc key_func, const Indexers& indexers, ThreadSafeStoreOptions options)
    : key_func_(std::move(key_func)),
      store_(indexers, options),
      meta_namespace_keys_(IsMetaNamespaceKeyFunc(key_func_)) {}

APIMACHINERY_DECL void Indexer::Update(ObjectPtr obj) { Add(std::move(obj)); }

APIMACHINERY_DECL void Indexer::Delete(const runtime::Object& obj) {
  WithKey(obj, [&](std::string_view key) { store_.Delete(key); });
}

APIMACHINERY_DECL void Indexer::Delete(const ObjectPtr& obj) {
  if (!obj) ThrowNullObject();
  Delete(*obj);
}

APIMACHINERY_DECL ObjectList Indexer::List() const { return store_.List(); }

APIMACHINERY_DECL std::vector<std::string> Indexer::ListKeys() const { return store_.ListKeys(); }

APIMACHINERY_DECL auto Indexer::Get(const runtime::Object& obj) const -> ObjectPtr {
  return WithKey(obj, [&](std::string_view key) { return store_.Get(key); });
}

APIMACHINERY_DECL auto Indexer::GetByKey(std::string_view key) const -> ObjectPtr { return store_.Get(key); }

APIMACHINERY_DECL ObjectRef Indexer::GetByKeyRef(std::string_view key) const { return store_.GetRef(key); }

APIMACHINERY_DECL void Indexer::Resync() {}

APIMACHINERY_DECL std::size_t Indexer::Len() const { return store_.Len(); }

APIMACHINERY_DECL ObjectList Indexer::Index(std::string_view index_name, const runtime::Object& obj) const {
  return store_.Index(index_name, obj);
}

APIMACHINERY_DECL std::vector<std::string> Indexer::IndexKeys(std::string_view index_name,
                                                              std::string_view indexed_value) const {
  return store_.IndexKeys(index_name, indexed_value);
}

APIMACHINERY_DECL std::vector<std::string> Indexer::ListIndexFuncValues(std::string_view index_name) const {
  return store_.ListIndexFuncValues(index_name);
}

APIMACHINERY_DECL ObjectList Indexer::ByIndex(std::string_view index_name,
                                              std::string_view indexed_value) const {
  return store_.ByIndex(index_name, indexed_value);
}

APIMACHINERY_DECL Indexers Indexer::GetIndexers() const { return store_.GetIndexers(); }

APIMACHINERY_DECL bool Indexer::HasIndex(std::string_view index_name) const {
  return store_.HasIndex(index_name);
}

APIMACHINERY_DECL void Indexer::AddIndexers(const Indexers& new_indexers) {
  store_.AddIndexers(new_indexers);
}

APIMACHINERY_DECL ObjectList Indexer::Select(const SelectQuery& query) const { return store_.Select(query); }

APIMACHINERY_DECL const KeyFunc& Indexer::GetKeyFunc() const noexcept { return key_func_; }

APIMACHINERY_DECL ThreadSafeStore& Indexer::GetStore() noexcept { return store_; }

APIMACHINERY_DECL const ThreadSafeStore& Indexer::GetStore() const noexcept { return store_; }

APIMACHINERY_DECL std::string MetaNamespaceKeyFunc(const runtime::Object& obj) {
  const metav1::ObjectMeta* meta = obj.GetObjectMeta();
  if (meta == nullptr) throw Error(std::string(internal::kNoMetaError));
  if (meta->namespace_.empty()) return meta->name;
  std::string key;
  key.reserve(meta->namespace_.size() + 1 + meta->name.size());
  key += meta->namespace_;
  key += '/';
  key += meta->name;
  return key;
}

APIMACHINERY_DECL std::pair<std::string, std::string> SplitMetaNamespaceKey(std::string_view key) {
  const auto slash = key.find('/');
  if (slash == std::string_view::npos) return {std::string(), std::string(key)};
  if (key.find('/', slash + 1) != std::string_view::npos) {
    throw Error("unexpected key format: " + util::Quote(key));
  }
  return {std::string(key.substr(0, slash)), std::string(key.substr(slash + 1))};
}

APIMACHINERY_DECL std::string Indexer::KeyOf(const runtime::Object& obj) const {
  try {
    return key_func_(obj);
  } catch (const KeyError&) {
    throw;
  } catch (const std::exception& e) {
    throw KeyError(obj.GetTypeId().name(), e.what());
  }
}

APIMACHINERY_DECL void Indexer::ThrowNullObject() { throw KeyError("<nil>", internal::kNoMetaError); }

APIMACHINERY_DECL bool Indexer::IsMetaNamespaceKeyFunc(const KeyFunc& fn) noexcept {
  using Plain = std::string (*)(const runtime::Object&);
  const Plain* target = fn.target<Plain>();
  return target != nullptr && *target == &MetaNamespaceKeyFunc;
}

APIMACHINERY_DECL void Indexer::Add(ObjectPtr obj) {
  if (!obj) ThrowNullObject();
  const runtime::Object& ref = *obj;
  WithKey(ref, [&](std::string_view key) { store_.Update(key, std::move(obj)); });
}

APIMACHINERY_DECL void Indexer::Replace(const std::vector<ObjectPtr>& items,
                                        std::string_view resource_version) {
  std::vector<std::pair<std::string, ObjectPtr>> keyed;
  keyed.reserve(items.size());
  for (const auto& obj : items) {
    if (!obj) ThrowNullObject();
    keyed.emplace_back(KeyOf(*obj), obj);
  }
  store_.Replace(std::move(keyed), resource_version);
}

}  // namespace apimachinery::cache

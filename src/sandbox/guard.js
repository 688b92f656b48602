// Trusted guard of a reused sandbox context, evaluated inside the isolate after the prelude, the harness and the
// bridge and BEFORE any candidate code: an expression `() => check`. It records every object a candidate can
// reach without making it (the global object, every builtin reachable from it through properties, accessors and
// prototypes, and the intrinsics only reachable through instances, such as the iterator prototypes) with its
// prototype, extensibility and own property descriptors. `check()`, run after each evaluation, repairs the global
// object (globals a candidate created or reassigned) and answers '' when everything else is as recorded, so the
// next candidate starts exactly as in a fresh context; otherwise it names the first change and the host throws
// the context away. Everything it calls is captured now, and it never reads a property through a getter or a
// prototype (descriptors get a null prototype first), so candidate code cannot run inside it.
() => {
  'use strict';
  const apply = Reflect.apply;
  const ownKeys = Reflect.ownKeys;
  const describeOwn = Reflect.getOwnPropertyDescriptor;
  const define = Reflect.defineProperty;
  const remove = Reflect.deleteProperty;
  const protoOf = Reflect.getPrototypeOf;
  const setProto = Reflect.setPrototypeOf;
  const isExtensible = Reflect.isExtensible;
  const sameValue = Object.is; // NaN is NaN
  const KeySet = Set;
  const has = Set.prototype.has;
  const Seen = WeakSet;
  const seenHas = WeakSet.prototype.has;
  const seenAdd = WeakSet.prototype.add;
  const toText = String;
  const exec = RegExp.prototype.exec;
  const emptyPattern = /(?:)/;

  const bare = (descriptor) => {
    setProto(descriptor, null);
    return descriptor;
  };
  const isObject = (value) => (typeof value === 'object' && value !== null) || typeof value === 'function';

  // Intrinsics that no property path from the global object reaches: only an instance leads to them.
  const hiddenRoots = [
    protoOf([][Symbol.iterator]()),
    protoOf(''[Symbol.iterator]()),
    protoOf(new Map()[Symbol.iterator]()),
    protoOf(new Set()[Symbol.iterator]()),
    protoOf(/a/[Symbol.matchAll]('')),
    protoOf(function* generator() {}),
    protoOf(async function asyncFunction() {}),
    protoOf(async function* asyncGenerator() {}),
  ];
  if (typeof Intl === 'object' && typeof Intl.Segmenter === 'function') {
    const segments = new Intl.Segmenter().segment('');
    hiddenRoots.push(protoOf(segments), protoOf(segments[Symbol.iterator]()));
  }

  const global = globalThis; // the name itself is a global a candidate may reassign
  const records = [];
  const seen = new Seen();
  const pending = [global, ...hiddenRoots];
  for (let next = 0; next < pending.length; next++) {
    const object = pending[next];
    if (apply(seenHas, seen, [object])) continue;
    apply(seenAdd, seen, [object]);
    const keys = ownKeys(object);
    const descriptors = [];
    for (let i = 0; i < keys.length; i++) {
      const descriptor = bare(describeOwn(object, keys[i]));
      descriptors.push(descriptor);
      for (const value of [descriptor.value, descriptor.get, descriptor.set]) if (isObject(value)) pending.push(value);
    }
    const proto = protoOf(object);
    if (proto !== null) pending.push(proto);
    records.push({ object, proto, extensible: isExtensible(object), keys, keySet: new KeySet(keys), descriptors });
  }
  const globalRecord = records[0]; // the walk starts at the global object

  const same = (a, b) =>
    sameValue(a.value, b.value) &&
    a.get === b.get &&
    a.set === b.set &&
    a.writable === b.writable &&
    a.enumerable === b.enumerable &&
    a.configurable === b.configurable;
  const name = (record, key) => {
    const label = record === globalRecord ? 'globalThis' : 'a builtin';
    return key === undefined ? label : `${label}.${typeof key === 'symbol' ? 'symbol' : key}`;
  };

  // Compares an object with its record. With `repair` (the global object, which sloppy-mode code changes
  // routinely) created properties are deleted and changed ones put back, and only what could not be is answered.
  function compare(record, repair) {
    const { object, keys, keySet, descriptors } = record;
    if (protoOf(object) !== record.proto) return `${name(record)}: prototype replaced`;
    if (isExtensible(object) !== record.extensible) return `${name(record)}: made non-extensible`;
    const now = ownKeys(object);
    for (let i = 0; i < now.length; i++) {
      if (apply(has, keySet, [now[i]])) continue;
      if (!repair || !remove(object, now[i])) return `${name(record, now[i])} ${repair ? 'cannot be deleted' : 'added'}`;
    }
    for (let i = 0; i < keys.length; i++) {
      const current = describeOwn(object, keys[i]);
      if (current !== undefined && same(bare(current), descriptors[i])) continue;
      if (!repair || !define(object, keys[i], descriptors[i])) return `${name(record, keys[i])} ${repair ? 'cannot be restored' : 'changed'}`;
    }
    return '';
  }

  return function check() {
    try {
      for (let i = 0; i < records.length; i++) {
        const change = compare(records[i], records[i] === globalRecord);
        if (change !== '') return change;
      }
      apply(exec, emptyPattern, ['']); // RegExp.lastMatch, RegExp.$1 ... as in a fresh context
      return '';
    } catch (error) {
      return `guard failed: ${toText(typeof error)}`;
    }
  };
};

// Shared part of the ACO harnesses (plain JavaScript, evaluated before the task's own harness and before the
// candidate). The candidate only computes a heuristic matrix; the trusted solver runs outside the isolate.
// Builtins are captured now, before candidate code can replace them. Names carry an __aco prefix so that a
// candidate's own helper functions cannot shadow them.
const __acoIsArray = Array.isArray;
const __acoIsView = ArrayBuffer.isView;
const __acoError = Error;

function __acoInvalid(reason) {
  const error = new __acoError(reason);
  error.name = 'InvalidSolution';
  return error;
}

// Fresh copies for every call: a candidate may mutate its arguments, and instances are reused.
function __acoCopyList(list) {
  const out = [];
  for (let i = 0; i < list.length; i++) out[i] = list[i];
  return out;
}

function __acoCopyRows(rows) {
  const out = [];
  for (let i = 0; i < rows.length; i++) out[i] = __acoCopyList(rows[i]);
  return out;
}

function __acoIsList(value) {
  return __acoIsArray(value) || __acoIsView(value);
}

// The candidate's answer must be n rows of n numbers (arrays or typed arrays); returns it flattened row-major.
// Non-finite numbers pass through: the trusted scorer applies the reference's rules to them.
function __acoFlattenSquare(matrix, n) {
  if (!__acoIsList(matrix) || matrix.length !== n) {
    throw __acoInvalid(`heuristics must return an ${n} x ${n} matrix (an array of ${n} rows)`);
  }
  const flat = [];
  let k = 0;
  for (let i = 0; i < n; i++) {
    const row = matrix[i];
    if (!__acoIsList(row) || row.length !== n) {
      throw __acoInvalid(`row ${i} of the heuristics matrix is not an array of ${n} numbers`);
    }
    for (let j = 0; j < n; j++) {
      const value = row[j];
      if (typeof value !== 'number') {
        throw __acoInvalid(`heuristics matrix entry [${i}][${j}] has type ${typeof value}, not number`);
      }
      flat[k++] = value;
    }
  }
  return flat;
}

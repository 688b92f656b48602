// Shared part of the ACO harnesses (plain JavaScript, an expression evaluating to the helpers each task's
// harness receives). The candidate only computes a heuristic matrix; the trusted solver runs outside the isolate.
// Builtins are captured now, before candidate code can replace them.
(() => {
  const isArray = Array.isArray;
  const isView = ArrayBuffer.isView;
  const HarnessError = Error;

  function invalid(reason) {
    const error = new HarnessError(reason);
    error.name = 'InvalidSolution';
    return error;
  }

  // Fresh copies for every call: a candidate may mutate its arguments, and instances are reused.
  function copyList(list) {
    const out = [];
    for (let i = 0; i < list.length; i++) out[i] = list[i];
    return out;
  }

  function copyRows(rows) {
    const out = [];
    for (let i = 0; i < rows.length; i++) out[i] = copyList(rows[i]);
    return out;
  }

  function isList(value) {
    return isArray(value) || isView(value);
  }

  // The candidate's answer must be n rows of n numbers (arrays or typed arrays); returns it flattened row-major.
  // Non-finite numbers pass through: the trusted scorer applies the reference's rules to them.
  function flattenSquare(matrix, n) {
    if (!isList(matrix) || matrix.length !== n) {
      throw invalid(`heuristics must return an ${n} x ${n} matrix (an array of ${n} rows)`);
    }
    const flat = [];
    let k = 0;
    for (let i = 0; i < n; i++) {
      const row = matrix[i];
      if (!isList(row) || row.length !== n) throw invalid(`row ${i} of the heuristics matrix is not an array of ${n} numbers`);
      for (let j = 0; j < n; j++) {
        const value = row[j];
        if (typeof value !== 'number') throw invalid(`heuristics matrix entry [${i}][${j}] has type ${typeof value}, not number`);
        flat[k++] = value;
      }
    }
    return flat;
  }

  return { copyList, copyRows, flattenSquare };
})()

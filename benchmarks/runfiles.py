"""The study scripts' one reader of run files: a path is read from disk, or else from the runs.zip of the nearest
folder above it (a study's archive, benchmarks/pack-runs.mjs; entries at their paths relative to that folder), so
scripts keep the paths of the unpacked runs (benchmarks/results/table/runs/<run>/summary.json). The same rule as
ahd's own reader (src/engine/run-dir/run-source.ts).

    import runfiles  (with benchmarks/ on sys.path)
    runfiles.read_json(path)   # None when neither disk nor archive has it
"""
import fnmatch
import json
import os
import pathlib
import zipfile

ARCHIVE = 'runs.zip'
_archives = {}


def _archive(base):
    """The names of base/runs.zip (opened once), or None when base has none."""
    path = os.path.join(base, ARCHIVE)
    if path not in _archives:
        _archives[path] = zipfile.ZipFile(path) if os.path.isfile(path) else None
    return _archives[path]


def _archive_above(start, target):
    """(zip, target's path inside it) for the nearest folder at or above start holding a runs.zip, else (None, None)."""
    base = os.path.abspath(start)
    while True:
        archive = _archive(base)
        if archive is not None:
            inside = os.path.relpath(os.path.abspath(target), base).replace(os.sep, '/')
            return archive, '' if inside == '.' else inside
        if os.path.dirname(base) == base:
            return None, None
        base = os.path.dirname(base)


def read_text(path):
    """The file's text, or None when neither the disk nor an archive above it has it."""
    if os.path.isfile(path):
        return pathlib.Path(path).read_text(encoding='utf-8')
    archive, inside = _archive_above(os.path.dirname(os.path.abspath(path)), path)
    if archive is None or inside not in archive.NameToInfo:
        return None
    return archive.read(inside).decode()


def read_json(path):
    text = read_text(path)
    return None if text is None else json.loads(text)


def exists(path):
    return os.path.isfile(path) or read_text(path) is not None


def listdir(folder):
    """Names in a folder, on disk and in the archive at or above it, sorted."""
    names = set(os.listdir(folder)) if os.path.isdir(folder) else set()
    archive, inside = _archive_above(folder, folder)
    if archive is not None:
        prefix = inside and inside + '/'
        names.update(n[len(prefix):].split('/')[0] for n in archive.namelist() if n.startswith(prefix) and len(n) > len(prefix))
    return sorted(names)


def glob(folder, pattern):
    """Paths below folder matching pattern ('/'-separated, * within one name), on disk and in the archive, sorted."""
    parts = pattern.split('/')
    found = set()

    def walk(path, depth):
        if depth == len(parts):
            if exists(path):
                found.add(path)
            return
        for name in listdir(path):
            if fnmatch.fnmatchcase(name, parts[depth]):
                walk(os.path.join(path, name), depth + 1)

    walk(str(folder), 0)
    return sorted(found)

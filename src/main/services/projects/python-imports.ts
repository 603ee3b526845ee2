// Which modules a Python step imports from beyond the standard library: Python steps run in
// Pyodide offline, with the standard library only (docs/components.md, "Python steps"), so such
// a step would fail at its first run; the import says so up front.

/** Top-level standard library module names (CPython's sys.stdlib_module_names, public ones). */
const STDLIB = new Set(
  (
  'abc aifc antigravity argparse array ast asynchat asyncio asyncore atexit audioop base64 bdb ' +
  'binascii bisect builtins bz2 cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop ' +
  'collections colorsys compileall concurrent configparser contextlib contextvars copy copyreg ' +
  'crypt csv ctypes curses dataclasses datetime dbm decimal difflib dis distutils doctest email ' +
  'encodings ensurepip enum errno faulthandler fcntl filecmp fileinput fnmatch fractions ftplib ' +
  'functools gc genericpath getopt getpass gettext glob graphlib grp gzip hashlib heapq hmac html ' +
  'http idlelib imaplib imghdr imp importlib inspect io ipaddress itertools json keyword lib2to3 ' +
  'linecache locale logging lzma mailbox mailcap marshal math mimetypes mmap modulefinder msilib ' +
  'msvcrt multiprocessing netrc nis nntplib nt ntpath nturl2path numbers opcode operator optparse ' +
  'os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil platform plistlib poplib posix ' +
  'posixpath pprint profile pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue quopri ' +
  'random re readline reprlib resource rlcompleter runpy sched secrets select selectors shelve ' +
  'shlex shutil signal site smtpd smtplib sndhdr socket socketserver spwd sqlite3 sre_compile ' +
  'sre_constants sre_parse ssl stat statistics string stringprep struct subprocess sunau symtable ' +
  'sys sysconfig syslog tabnanny tarfile telnetlib tempfile termios textwrap this threading time ' +
  'timeit tkinter token tokenize tomllib trace traceback tracemalloc tty turtle turtledemo types ' +
  'typing unicodedata unittest urllib uu uuid venv warnings wave weakref webbrowser winreg winsound ' +
  'wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo ' +
  ''
  )
    .split(' ')
    .filter(Boolean),
);

/** Modules the hosted runtime provided without an import of ours (the step's `pd` argument's type name), and the compiler's `__future__`. */
const PROVIDED = new Set(['pipedream', '__future__']);

/** The top-level modules `code` imports that are neither standard library nor provided, in order, each once. */
export function nonStdlibImports(code: string): string[] {
  const out: string[] = [];
  const add = (name: string) => {
    const top = name.trim().split('.')[0]!;
    if (top && !STDLIB.has(top) && !PROVIDED.has(top) && !out.includes(top)) out.push(top);
  };
  // Statements, one per line or several joined by `;`.
  for (const line of code.split(/\n|;/)) {
    const from = /^\s*from\s+([A-Za-z_][\w.]*)\s+import\b/.exec(line);
    if (from) {
      add(from[1]!);
      continue;
    }
    const imp = /^\s*import\s+(.+)$/.exec(line);
    if (imp) for (const part of imp[1]!.split('#')[0]!.split(',')) add(part.trim().split(/\s+/)[0]!);
  }
  return out;
}

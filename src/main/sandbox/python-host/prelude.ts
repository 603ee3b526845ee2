// Runnel's Python prelude, run once in each fresh interpreter before any step's code: the hosted
// `pd` object (steps, inputs, export, respond, flow.exit, data stores), the one entry point the
// runner calls (`__runnel_run`, JSON in, JSON out) and the refusals of what a step may not use.
// The refusals give clear messages; they are not the wall (see docs/security.md, "Python steps").

/** Python source of the prelude. */
export const PRELUDE = String.raw`
import sys, json, traceback, builtins, os, copy

_REFUSED = {
    "js": "the JavaScript global scope is not available to Python steps",
    "pyodide_js": "the interpreter's JavaScript API is not available to Python steps",
    "pyodide": "the pyodide package (its JavaScript bridge) is not available to Python steps",
    "_pyodide": "the pyodide package (its JavaScript bridge) is not available to Python steps",
    "_pyodide_core": "the pyodide package (its JavaScript bridge) is not available to Python steps",
    "micropip": "installing packages is not available offline; use the standard library (see docs/components.md, Python steps)",
    "pyodide_http": "the pyodide package (its JavaScript bridge) is not available to Python steps",
}

def _refusal(root):
    return "Runnel: " + _REFUSED[root]

class _RefuseBridges:
    def find_spec(self, name, path=None, target=None):
        root = name.split(".")[0]
        if root in _REFUSED:
            raise ImportError(_refusal(root), name=name)
        return None

for _name in list(sys.modules):
    if _name.split(".")[0] in _REFUSED:
        del sys.modules[_name]
sys.meta_path.insert(0, _RefuseBridges())

def _no_processes(*args, **kwargs):
    raise OSError("Runnel: Python steps cannot start processes; do the work in Python, or in a JavaScript step")

os.system = _no_processes
os.popen = _no_processes
for _name in ("fork", "forkpty", "execv", "execve", "execl", "execle", "execlp", "execvp", "execvpe", "spawnv", "spawnve", "spawnl", "spawnle", "posix_spawn", "posix_spawnp", "kill", "killpg"):
    if hasattr(os, _name):
        setattr(os, _name, _no_processes)
import subprocess
subprocess.Popen = _no_processes
subprocess.run = _no_processes
subprocess.call = _no_processes
subprocess.check_call = _no_processes
subprocess.check_output = _no_processes
subprocess.getoutput = _no_processes
subprocess.getstatusoutput = _no_processes

import socket
def _no_sockets(*args, **kwargs):
    raise OSError("Runnel: Python steps cannot open sockets; make HTTP requests from a JavaScript step (or pd.export the data for one)")
socket.socket.connect = _no_sockets
socket.socket.connect_ex = _no_sockets
socket.socket.bind = _no_sockets
socket.create_connection = _no_sockets
socket.create_server = _no_sockets
socket.getaddrinfo = _no_sockets

class _FlowExit(BaseException):
    pass

def _plain(value, what):
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as e:
        raise TypeError("Runnel: " + what + " must be JSON data (dict, list, str, int, float, bool or None): " + str(e)) from None

def _key(k, what):
    if isinstance(k, bool) or not isinstance(k, (str, int)):
        raise TypeError("Runnel: " + what + ": a key is a string, got " + type(k).__name__)
    k = str(k)
    if not k:
        raise ValueError("Runnel: " + what + ": a key must not be empty")
    return k

def _ttl(ttl, what):
    if ttl is None:
        return None
    if isinstance(ttl, bool) or not isinstance(ttl, (int, float)) or ttl <= 0:
        raise ValueError("Runnel: " + what + ": ttl is a number of seconds above 0, or None")
    return ttl

class DataStore:
    """A data store input (pd.inputs["data_store"]): read as it was when the step started,
    written back, in call order, when the handler returns."""

    def __init__(self, prop, store_id, records, journal):
        self._prop = prop
        self._id = store_id
        self._records = dict(records)
        self._journal = journal

    def _what(self, method, k=None):
        return self._prop + "." + method + ("(" + json.dumps(str(k)) + ")" if k is not None else "()")

    def __getitem__(self, k):
        k = _key(k, self._what("get", k))
        if k not in self._records:
            raise KeyError(k)
        return copy.deepcopy(self._records[k])

    def get(self, k, default=None):
        k = _key(k, self._what("get", k))
        return copy.deepcopy(self._records[k]) if k in self._records else default

    def __setitem__(self, k, value):
        self.set(k, value)

    def set(self, k, value, ttl=None):
        what = self._what("set", k)
        k = _key(k, what)
        value = _plain(value, what + ": the value")
        op = {"store": self._id, "op": "set", "key": k, "value": value}
        if ttl is not None:
            op["ttl"] = _ttl(ttl, what)
        self._records[k] = value
        self._journal.append(op)

    def set_ttl(self, k, ttl):
        what = self._what("set_ttl", k)
        k = _key(k, what)
        self._journal.append({"store": self._id, "op": "setTtl", "key": k, "ttl": _ttl(ttl, what)})
        return k in self._records

    def __delitem__(self, k):
        if not self.delete(k):
            raise KeyError(k)

    def delete(self, k):
        k = _key(k, self._what("delete", k))
        existed = k in self._records
        self._records.pop(k, None)
        self._journal.append({"store": self._id, "op": "delete", "key": k})
        return existed

    def pop(self, k, *default):
        k = _key(k, self._what("pop", k))
        if k not in self._records:
            if default:
                return default[0]
            raise KeyError(k)
        value = self._records[k]
        self.delete(k)
        return value

    def __contains__(self, k):
        return isinstance(k, (str, int)) and not isinstance(k, bool) and str(k) in self._records

    def has(self, k):
        return k in self

    def keys(self):
        return list(self._records.keys())

    def values(self):
        return [copy.deepcopy(v) for v in self._records.values()]

    def items(self):
        return [(k, copy.deepcopy(v)) for k, v in self._records.items()]

    def __iter__(self):
        return iter(list(self._records.keys()))

    def __len__(self):
        return len(self._records)

    def clear(self):
        self._records.clear()
        self._journal.append({"store": self._id, "op": "clear"})

    def __repr__(self):
        return "<DataStore " + self._prop + ">"

class _Flow:
    def __init__(self, state):
        self._state = state

    def exit(self, reason=""):
        self._state["exit"] = {"reason": "" if reason is None else str(reason)}
        raise _FlowExit()

    def delay(self, *args, **kwargs):
        raise NotImplementedError("Runnel: pd.flow.delay is not supported in Runnel yet; split the work into two workflows")

    def rerun(self, *args, **kwargs):
        raise NotImplementedError("Runnel: pd.flow.rerun is not supported in Runnel yet")

class Pipedream:
    """The hosted pd object a handler gets."""

    def __init__(self, steps, inputs, state, can_respond):
        self.steps = steps
        self.inputs = inputs
        self.flow = _Flow(state)
        self._state = state
        self._can_respond = can_respond

    def export(self, name, value):
        if not isinstance(name, str) or not name:
            raise TypeError("Runnel: pd.export(name, value): name must be a non-empty string")
        if name == "$summary":
            self._state["summary"] = str(value)
            return
        self._state["exports"][name] = _plain(value, "pd.export(" + json.dumps(name) + ", value): the value")

    def respond(self, response):
        if not self._can_respond:
            raise RuntimeError("Runnel: pd.respond() answers an HTTP trigger whose caller is waiting; this run has none (or it was answered already)")
        if self._state["respond"] is not None:
            raise RuntimeError("Runnel: pd.respond() was already called in this step; a request gets one response")
        if not isinstance(response, dict):
            raise TypeError("Runnel: pd.respond() takes a dict such as {\"status\": 200, \"body\": {...}}")
        status = response.get("status", 200)
        if isinstance(status, bool) or not isinstance(status, int) or status < 100 or status > 599:
            raise ValueError("Runnel: pd.respond(): status must be an int from 100 to 599")
        headers = response.get("headers") or {}
        if not isinstance(headers, dict) or not all(isinstance(k, str) and isinstance(v, (str, int, float)) for k, v in headers.items()):
            raise TypeError("Runnel: pd.respond(): headers must be a dict of strings")
        spec = {"status": status, "headers": {k: str(v) for k, v in headers.items()}}
        if "body" in response and response["body"] is not None:
            spec["body"] = _plain(response["body"], "pd.respond(): the body")
        self._state["respond"] = spec

def _traceback(e):
    tb = e.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != "entry.py":
        tb = tb.tb_next
    return "".join(traceback.format_exception(type(e), e, tb))

def __runnel_run(request):
    req = json.loads(request)
    state = {"exports": {}, "summary": None, "exit": None, "respond": None}
    journal = []
    inputs = dict(req["props"])
    for name, store in req["stores"].items():
        inputs[name] = DataStore(name, store["id"], store["records"], journal)
    os.environ.clear()
    os.environ.update(req["env"])
    pd = Pipedream(req["steps"], inputs, state, req["canRespond"])
    out = {"ok": True}
    try:
        namespace = {"__name__": "__main__", "__file__": "entry.py", "__builtins__": builtins}
        exec(compile(req["code"], "entry.py", "exec"), namespace)
        handler = namespace.get("handler")
        if not callable(handler):
            raise NameError("Runnel: a Python step defines def handler(pd): (entry.py has no handler function)")
        value = handler(pd)
        if value is not None and state["exit"] is None:
            out["value"] = _plain(value, "the value handler(pd) returned")
    except _FlowExit:
        pass
    except BaseException as e:
        out = {"ok": False, "error": {"name": type(e).__name__, "message": str(e) or type(e).__name__, "stack": _traceback(e)}}
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    out.update(state)
    out["journal"] = journal
    return json.dumps(out)
`;

"""optmem memory provider for Hermes Agent.

Written against Hermes Agent 0.21.3 (NousResearch/hermes-agent: ``pyproject.toml`` version 0.21.3;
``agent/memory_provider.py`` at commit 015e865f820234a20be8790c3dc68feb6f5f8a4d; discovery in
``plugins/memory/__init__.py`` and ``plugins/plugin_loader.py``; the turn loop in
``agent/memory_manager.py``). Packaged like Hermes' bundled memory providers: a folder with
``plugin.yaml`` (name, version, ``kind: exclusive``, description, hooks) and this ``__init__.py``, whose ``register(ctx)``
calls ``ctx.register_memory_provider(...)``. Hermes finds it in ``$HERMES_HOME/plugins/optmem/`` and
activates it when ``config.yaml`` says ``memory: {provider: optmem}``.

Every call shells out to the optmem CLI (the command in ``optmem.json`` beside this file, written by
``optmem install hermes``), so nothing here needs more than the standard library:

- ``system_prompt_block()``: the project's context pack (``optmem session start --json``);
- ``prefetch(query)``: recall before each turn (``optmem search --json``), within ``recall_timeout``;
- ``sync_turn()``: the finished turn is appended to ``$HERMES_HOME/optmem/turns/<session>.jsonl``
  and ``$HERMES_HOME/optmem`` is ingested at once (``optmem ingest --quiet``): the trigger detector
  keeps what carries a write trigger (a decision, a lesson, a config change, ...) as diary records,
  and the ingest cursor makes any later ingest (``optmem ingest --from hermes`` reads these files
  too) find nothing new. A turn whose ingest failed is still in the file and is picked up by the
  next ingest;
- ``on_memory_write()``: an entry Hermes' built-in memory tool saved is added to optmem as well;
- tools ``optmem_search`` and ``optmem_add`` (``get_tool_schemas()`` / ``handle_tool_call()``),
  the way Hermes memory providers expose tools;
- ``on_pre_compress()`` / ``on_session_end()``: a handoff (``optmem session end --transcript FILE``).

Nothing here raises into Hermes: every CLI call has a timeout, and failures are logged.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import subprocess
import tempfile
import threading
from datetime import datetime, timezone
from typing import Any, Dict, List, Optional

try:
    from agent.memory_provider import MemoryProvider
except ImportError:  # outside Hermes (a syntax check, docs): keep the module importable
    MemoryProvider = object  # type: ignore[misc,assignment]

logger = logging.getLogger(__name__)

AGENT = "hermes"
HERE = os.path.dirname(os.path.abspath(__file__))
SETTINGS_FILE = os.path.join(HERE, "optmem.json")

# Keys of optmem.json that `hermes memory setup` may set (get_config_schema / save_config).
DEFAULTS: Dict[str, Any] = {
    "recall_limit": 5,  # records injected before a turn; 0 turns recall off
    "recall_timeout": 3.0,  # seconds the recall may take before the turn goes on without it
    "capture": True,  # ingest each finished turn at once
    "capture_timeout": 60.0,  # seconds one capture (an ingest run) may take
    "timeout": 20.0,  # seconds for the other calls (pack, handoff, tools)
}

SEARCH_SCHEMA = {
    "name": "optmem_search",
    "description": (
        "Search optmem, the long-term memory shared by the user's agents (decisions, lessons, "
        "corrections, red lines, handoffs of earlier sessions). Corrections win over what they "
        "correct; newer wins over older. Use before answering about past work, settings or choices."
    ),
    "parameters": {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "Words to look for (Chinese or English)."},
            "limit": {"type": "integer", "description": "At most this many results (default 8)."},
        },
        "required": ["query"],
    },
}

ADD_SCHEMA = {
    "name": "optmem_add",
    "description": (
        "Write one record into optmem, the shared long-term memory: a decision, a lesson, a "
        "correction of an earlier fact, or a note worth keeping across sessions and agents. "
        "One fact per record, self-contained."
    ),
    "parameters": {
        "type": "object",
        "properties": {
            "text": {"type": "string", "description": "The record, one self-contained statement."},
            "kind": {"type": "string", "enum": ["note", "decision", "lesson", "correction"], "description": "Default note."},
        },
        "required": ["text"],
    },
}


def _settings() -> Dict[str, Any]:
    try:
        with open(SETTINGS_FILE, encoding="utf-8") as f:
            data = json.load(f)
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _number(value: Any, default: float) -> float:
    try:
        n = float(value)
        return n if n >= 0 else default
    except (TypeError, ValueError):
        return default


def _truthy(value: Any) -> bool:
    return str(value).strip().lower() in ("1", "true", "yes", "on") if isinstance(value, str) else bool(value)


def _now() -> str:
    return datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds")


def _safe_name(session: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]", "_", session)[:120] or "session"


def _error(message: str) -> str:
    return json.dumps({"error": message}, ensure_ascii=False)


class OptmemMemoryProvider(MemoryProvider):  # type: ignore[misc,valid-type]
    def __init__(self, command: Optional[List[str]] = None, **options: Any) -> None:
        s = _settings()
        cmd = command or s.get("command") or ["optmem"]
        self._command: List[str] = [str(c) for c in cmd]
        o = {**DEFAULTS, **{k: s[k] for k in DEFAULTS if k in s}, **options}
        self._recall_limit = int(_number(o["recall_limit"], DEFAULTS["recall_limit"]))
        self._recall_timeout = _number(o["recall_timeout"], DEFAULTS["recall_timeout"])
        self._capture = _truthy(o["capture"])
        self._capture_timeout = _number(o["capture_timeout"], DEFAULTS["capture_timeout"])
        self._timeout = _number(o["timeout"], DEFAULTS["timeout"])
        self._session_id = ""
        self._cwd = os.getcwd()
        self._hermes_home = os.environ.get("HERMES_HOME") or os.path.join(os.path.expanduser("~"), ".hermes")
        self._writes = True
        self._messages: List[Dict[str, Any]] = []
        self._written = 0
        self._pack: Optional[str] = None
        self._mirrors: List[threading.Thread] = []

    @property
    def name(self) -> str:
        return "optmem"

    # -- core lifecycle --------------------------------------------------------------
    def is_available(self) -> bool:
        exe = self._command[0]
        return os.path.isfile(exe) if os.path.isabs(exe) else shutil.which(exe) is not None

    def unavailable_reason(self) -> str:
        return f"optmem command not found: {self._command[0]} (run `optmem install hermes` again)"

    def initialize(self, session_id: str, **kwargs: Any) -> None:
        self._session_id = session_id or ""
        self._cwd = str(kwargs.get("cwd") or os.getcwd())
        if kwargs.get("hermes_home"):
            self._hermes_home = str(kwargs["hermes_home"])
        # Cron, subagent and flush contexts would write turns and handoffs that are not the user's.
        self._writes = kwargs.get("agent_context", "primary") == "primary"
        self._messages, self._written, self._pack = [], 0, None

    def system_prompt_block(self) -> str:
        if self._pack is None:
            try:
                out = self._run(["session", "start", "--json", "--agent", AGENT, "--cwd", self._cwd], self._timeout)
                self._pack = json.loads(out).get("markdown", "") or ""
            except Exception as e:  # never into Hermes' prompt assembly
                logger.warning("optmem: no context pack: %s", e)
                self._pack = ""
        return self._pack

    def prefetch(self, query: str, *, session_id: str = "") -> str:
        q = (query or "").strip()
        if self._recall_limit <= 0 or not q or q.startswith("/"):
            return ""
        try:
            results = self._search(q[:500], self._recall_limit, self._recall_timeout)
        except Exception as e:  # a turn never waits on, or fails for, the recall
            logger.info("optmem: no recall this turn: %s", e)
            return ""
        results = [r for r in results if not r.get("superseded")]  # a correction replaced it
        if not results:
            return ""
        lines = ["## optmem (shared long-term memory)"]
        for r in results:
            text = " ".join(str(r.get("text", "")).split())
            if len(text) > 300:
                text = text[:299] + "…"
            when = str(r.get("time", ""))[:16].replace("T", " ")
            lines.append(f"- {text} ({r.get('kind', 'note')}, {when}, {r.get('id', '')})")
        return "\n".join(lines)

    def sync_turn(self, user_content: str, assistant_content: str, *, session_id: str = "", messages: Optional[List[Dict[str, Any]]] = None) -> None:
        try:
            if messages:
                self._messages = list(messages)
            else:
                self._messages.extend([{"role": "user", "content": user_content}, {"role": "assistant", "content": assistant_content}])
            if self._writes and self._capture:
                self._capture_turn(user_content, assistant_content, session_id or self._session_id)
        except Exception as e:  # never into Hermes' turn loop
            logger.warning("optmem: turn capture failed: %s", e)

    def get_tool_schemas(self) -> List[Dict[str, Any]]:
        return [SEARCH_SCHEMA, ADD_SCHEMA]

    def handle_tool_call(self, tool_name: str, args: Dict[str, Any], **kwargs: Any) -> str:
        try:
            if tool_name == "optmem_search":
                query = str(args.get("query") or "").strip()
                if not query:
                    return _error("optmem_search needs a query")
                limit = max(1, min(int(args.get("limit") or 8), 50))
                return json.dumps({"results": self._search(query, limit, self._timeout)}, ensure_ascii=False)
            if tool_name == "optmem_add":
                text = str(args.get("text") or "").strip()
                if not text:
                    return _error("optmem_add needs a text")
                kind = str(args.get("kind") or "note")
                if kind not in ADD_SCHEMA["parameters"]["properties"]["kind"]["enum"]:
                    return _error(f"optmem_add: unknown kind {kind!r}")
                cmd = ["add", "--json", "--kind", kind, "--agent", AGENT]
                if self._session_id:
                    cmd += ["--session", self._session_id]
                out = self._run(cmd + ["-"], self._timeout, stdin=text)
                return json.dumps({"added": json.loads(out).get("id", "")}, ensure_ascii=False)
            return _error(f"unknown tool: {tool_name}")
        except Exception as e:  # a tool result, never an exception
            return _error(f"{tool_name} failed: {e}")

    def shutdown(self) -> None:
        for t in list(self._mirrors):  # mirrored memory writes still running get a bounded wait
            t.join(self._timeout)

    # -- optional hooks ----------------------------------------------------------------
    def on_pre_compress(self, messages: List[Dict[str, Any]]) -> str:
        self._handoff(messages)
        return ""

    def on_session_end(self, messages: List[Dict[str, Any]]) -> None:
        self._handoff(messages)

    def on_session_switch(self, new_session_id: str, *, parent_session_id: str = "", reset: bool = False, **kwargs: Any) -> None:
        if reset:
            self._handoff(self._messages)
            self._messages, self._written, self._pack = [], 0, None
        self._session_id = new_session_id

    def on_memory_write(self, action: str, target: str, content: str, metadata: Optional[Dict[str, Any]] = None) -> None:
        """Hermes' built-in memory tool saved an entry: keep it in optmem too, for the other agents.
        Called on the tool's own path, so the write runs on a thread; a removal is left to the owner."""
        text = (content or "").strip()
        if not self._writes or action not in ("add", "replace") or not text:
            return
        args = ["add", "--agent", AGENT, "--tag", f"hermes-{target or 'memory'}"]
        if self._session_id:
            args += ["--session", self._session_id]

        def write() -> None:
            try:
                self._run(args + ["-"], self._timeout, stdin=text)
            except Exception as e:
                logger.warning("optmem: mirroring a memory write failed: %s", e)

        self._mirrors = [t for t in self._mirrors if t.is_alive()]
        t = threading.Thread(target=write, name="optmem-memory-write", daemon=True)
        self._mirrors.append(t)
        t.start()

    def get_config_schema(self) -> List[Dict[str, Any]]:
        return [
            {"key": "recall_limit", "description": "Records recalled before each turn (0: off)", "type": "integer", "default": DEFAULTS["recall_limit"], "minimum": 0, "maximum": 20},
            {"key": "recall_timeout", "description": "Seconds a recall may take", "type": "number", "default": DEFAULTS["recall_timeout"], "minimum": 0.5, "maximum": 8},
            {"key": "capture", "description": "Keep each finished turn's decisions, lessons and changes at once", "type": "boolean", "default": True},
        ]

    def save_config(self, values: Dict[str, Any], hermes_home: str) -> None:
        """`hermes memory setup` writes into optmem.json beside this file (the command stays)."""
        data = _settings()
        data.update({k: v for k, v in values.items() if k in DEFAULTS})
        try:
            with open(SETTINGS_FILE, "w", encoding="utf-8") as f:
                f.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
        except OSError as e:
            logger.warning("optmem: cannot save settings: %s", e)

    # -- helpers ---------------------------------------------------------------------
    def capture_dir(self) -> str:
        return os.path.join(self._hermes_home, "optmem")

    def turns_dir(self) -> str:
        return os.path.join(self.capture_dir(), "turns")

    def _capture_turn(self, user: str, assistant: str, session: str) -> None:
        folder = self.turns_dir()
        os.makedirs(folder, exist_ok=True)
        base = {"time": _now(), "agent": AGENT, "session": session, "cwd": self._cwd}
        lines = [json.dumps({**base, "role": role, "content": text}, ensure_ascii=False) for role, text in (("user", user), ("assistant", assistant)) if isinstance(text, str) and text.strip()]
        if not lines:
            return
        # On disk (fsync) before the ingest: a crash after this line loses nothing, the next ingest reads it.
        with open(os.path.join(folder, _safe_name(session) + ".jsonl"), "a", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
            f.flush()
            os.fsync(f.fileno())
        # All captured sessions: a turn whose ingest failed is read now; the cursors skip the rest. The
        # refs (turns/<session>.jsonl) and cursors are those of `optmem ingest --from hermes`.
        wait = str(max(1, int(self._capture_timeout // 2)))
        try:
            self._run(["ingest", "--quiet", "--wait", wait, self.capture_dir()], self._capture_timeout)
        except (OSError, subprocess.SubprocessError) as e:
            logger.warning("optmem: ingest of the turn failed (kept in %s, read by the next ingest): %s", folder, e)

    def _search(self, query: str, limit: int, timeout: float) -> List[Dict[str, Any]]:
        out = self._run(["search", "--json", "--limit", str(limit), "--", query], timeout)
        results = json.loads(out).get("results", [])
        keep = ("id", "text", "time", "kind", "tier", "domain", "project", "superseded", "supersededBy")
        return [{k: r.get(k) for k in keep if k in r} for r in results if isinstance(r, dict)]

    def _handoff(self, messages: Optional[List[Dict[str, Any]]]) -> None:
        if messages:
            self._messages = list(messages)
        if not self._writes or not self._messages or len(self._messages) == self._written:
            return
        tmp = ""
        try:
            tmp = tempfile.mkdtemp(prefix="optmem-hermes-")
            path = os.path.join(tmp, "transcript.jsonl")
            with open(path, "w", encoding="utf-8") as f:
                f.write(to_jsonl(self._messages, self._session_id))
            args = ["session", "end", "--agent", AGENT, "--cwd", self._cwd, "--transcript", path]
            if self._session_id:
                args += ["--session", self._session_id]
            self._run(args, self._timeout)
            self._written = len(self._messages)
        except Exception as e:
            logger.warning("optmem: handoff failed: %s", e)
        finally:
            if tmp:
                shutil.rmtree(tmp, ignore_errors=True)

    def _run(self, args: List[str], timeout: float, stdin: Optional[str] = None) -> str:
        p = subprocess.run(
            self._command + args,
            input=stdin,
            stdin=None if stdin is not None else subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=timeout or None,
            cwd=self._cwd if os.path.isdir(self._cwd) else None,
        )
        if p.returncode != 0:
            err = (p.stderr or "").strip()
            raise subprocess.SubprocessError(err.splitlines()[0] if err else f"exit {p.returncode}")
        return p.stdout


def to_jsonl(messages: List[Dict[str, Any]], session: str) -> str:
    """OpenAI-style messages (Hermes' history) as optmem's plain JSONL transcript."""
    out = []
    for m in messages:
        if not isinstance(m, dict):
            continue
        role = m.get("role") or "assistant"
        row: Dict[str, Any] = {"role": role, "agent": AGENT, "session": session}
        if role == "tool":
            row["content"] = ""  # tool output is noise for a handoff
        else:
            row["content"] = m.get("content") if isinstance(m.get("content"), (str, list)) else ""
        if m.get("tool_calls"):
            row["tool_calls"] = m["tool_calls"]
        if m.get("timestamp"):
            row["time"] = m["timestamp"]
        out.append(json.dumps(row, ensure_ascii=False))
    return "\n".join(out) + "\n"


def register(ctx: Any) -> None:
    ctx.register_memory_provider(OptmemMemoryProvider())

"""optmem memory provider for Hermes Agent.

Follows the MemoryProvider interface of Hermes Agent 0.21.x (NousResearch/hermes-agent,
agent/memory_provider.py). Hermes loads this folder from $HERMES_HOME/plugins/optmem/ when
config.yaml says ``memory: {provider: optmem}``; ``register(ctx)`` hands it the provider.

Every call shells out to the optmem CLI (the command in optmem.json next to this file, written by
``optmem install hermes``), so nothing here needs more than the standard library:

- system_prompt_block(): the project's context pack (``optmem session start --json``);
- sync_turn(): keeps the latest messages;
- on_pre_compress() / on_session_end(): ``optmem session end --transcript FILE`` with the messages
  written as JSONL {time, role, content, agent, session}.

Tools come from the optmem MCP server (``mcp_servers.optmem``), so get_tool_schemas() is empty.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import tempfile
from typing import Any, Dict, List, Optional

try:
    from agent.memory_provider import MemoryProvider
except ImportError:  # outside Hermes (a syntax check, docs): keep the module importable
    MemoryProvider = object  # type: ignore[misc,assignment]

logger = logging.getLogger(__name__)

AGENT = "hermes"
HERE = os.path.dirname(os.path.abspath(__file__))


def _settings() -> Dict[str, Any]:
    try:
        with open(os.path.join(HERE, "optmem.json"), encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


class OptmemMemoryProvider(MemoryProvider):  # type: ignore[misc,valid-type]
    def __init__(self, command: Optional[List[str]] = None, timeout: float = 20.0) -> None:
        cmd = command or _settings().get("command") or ["optmem"]
        self._command: List[str] = [str(c) for c in cmd]
        self._timeout = timeout
        self._session_id = ""
        self._cwd = os.getcwd()
        self._writes = True
        self._messages: List[Dict[str, Any]] = []
        self._written = 0
        self._pack: Optional[str] = None

    @property
    def name(self) -> str:
        return "optmem"

    # -- core lifecycle --------------------------------------------------------------
    def is_available(self) -> bool:
        exe = self._command[0]
        return os.path.isfile(exe) if os.path.isabs(exe) else shutil.which(exe) is not None

    def initialize(self, session_id: str, **kwargs: Any) -> None:
        self._session_id = session_id or ""
        self._cwd = str(kwargs.get("cwd") or os.getcwd())
        # Cron and subagent contexts would write handoffs that are not the user's session.
        self._writes = kwargs.get("agent_context", "primary") == "primary"
        self._messages, self._written, self._pack = [], 0, None

    def system_prompt_block(self) -> str:
        if self._pack is None:
            try:
                out = self._run(["session", "start", "--json", "--agent", AGENT, "--cwd", self._cwd])
                self._pack = json.loads(out).get("markdown", "") or ""
            except (OSError, ValueError, subprocess.SubprocessError) as e:
                logger.warning("optmem: no context pack: %s", e)
                self._pack = ""
        return self._pack

    def prefetch(self, query: str, *, session_id: str = "") -> str:
        return ""  # the pack is in the system prompt; search goes through the MCP tools

    def sync_turn(self, user_content: str, assistant_content: str, *, session_id: str = "", messages: Optional[List[Dict[str, Any]]] = None) -> None:
        if messages:
            self._messages = list(messages)
        else:
            self._messages.extend([{"role": "user", "content": user_content}, {"role": "assistant", "content": assistant_content}])

    def get_tool_schemas(self) -> List[Dict[str, Any]]:
        return []

    def shutdown(self) -> None:
        pass

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

    # -- helpers ---------------------------------------------------------------------
    def _handoff(self, messages: Optional[List[Dict[str, Any]]]) -> None:
        if messages:
            self._messages = list(messages)
        if not self._writes or not self._messages or len(self._messages) == self._written:
            return
        tmp = tempfile.mkdtemp(prefix="optmem-hermes-")
        path = os.path.join(tmp, "transcript.jsonl")
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(to_jsonl(self._messages, self._session_id))
            args = ["session", "end", "--agent", AGENT, "--cwd", self._cwd, "--transcript", path]
            if self._session_id:
                args += ["--session", self._session_id]
            self._run(args)
            self._written = len(self._messages)
        except (OSError, subprocess.SubprocessError) as e:
            logger.warning("optmem: handoff failed: %s", e)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)

    def _run(self, args: List[str]) -> str:
        p = subprocess.run(self._command + args, capture_output=True, text=True, timeout=self._timeout, cwd=self._cwd if os.path.isdir(self._cwd) else None)
        if p.returncode != 0:
            raise subprocess.SubprocessError((p.stderr or "").strip().splitlines()[0] if p.stderr.strip() else f"exit {p.returncode}")
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

"""How Hermes Agent 0.21.3 (NousResearch/hermes-agent) finds, loads, selects and drives a memory
provider installed in $HERMES_HOME/plugins/<name>/, reduced to the path a user-installed provider
takes, written without Hermes' code:

- discovery (plugins/memory/__init__.py, plugins/plugin_loader.py): a folder under
  $HERMES_HOME/plugins/ whose name does not start with "_" or ".", with an __init__.py that mentions
  ``register_memory_provider`` or ``MemoryProvider`` in its first 8192 characters; its description
  is ``description`` in plugin.yaml (yaml.safe_load);
- loading: __init__.py is imported by path as ``_hermes_user_memory.<name>__source_<sha256[:16]>``
  (a synthetic parent package, the folder as the package's search path, sibling .py files first);
  ``register(ctx)`` is called with a context whose ``register_memory_provider`` keeps the provider,
  else the first MemoryProvider subclass in the module is instantiated;
- the general plugin manager (hermes_cli/plugins.py) scans the same folder: a manifest of
  ``kind: exclusive`` (or, with no kind, an __init__.py that mentions the memory-provider contract)
  is recorded but never imported there; only the memory path above loads it;
- selection: ``memory.provider`` in $HERMES_HOME/config.yaml; the provider is used only when
  ``is_available()`` says so, then ``initialize(session_id, hermes_home=…, platform=…,
  agent_context=…, cwd=…)``;
- the turn loop (agent/memory_manager.py): ``system_prompt_block()`` joined into the system prompt;
  ``prefetch(query)`` on its own thread, given up after 8 s; ``sync_turn(...)`` on one background
  worker (turn N before N+1), ``messages`` passed only when the method accepts it; tool schemas
  normalized, a core tool name refused; a committed write of the built-in memory tool goes to
  ``on_memory_write(action, target, content, metadata=…)``; ``shutdown`` drains the worker within 5 s.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import inspect
import logging
import sys
import threading
from concurrent.futures import ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any, Dict, List, Optional

from agent.memory_provider import MemoryProvider

try:
    import yaml
except ImportError:  # Hermes ships PyYAML; a bare python3 may not
    yaml = None

logger = logging.getLogger("hermes-standin")

USER_NAMESPACE = "_hermes_user_memory"
# A few of Hermes' core tool names (toolsets._HERMES_CORE_TOOLS): a provider tool may not shadow them.
CORE_TOOLS = {"memory", "terminal", "read_file", "write_file", "clarify", "delegate_task", "todo", "session_search"}
PREFETCH_TIMEOUT_S = 8.0
DRAIN_TIMEOUT_S = 5.0


def read_yaml(path: Path) -> Dict[str, Any]:
    text = path.read_text(encoding="utf-8-sig")
    if yaml is not None:
        return yaml.safe_load(text) or {}
    # Enough of YAML for plugin.yaml and config.yaml's two-level maps.
    out: Dict[str, Any] = {}
    parent: Optional[Dict[str, Any]] = None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#") or line.lstrip().startswith("- "):
            continue
        key, _, value = line.strip().partition(":")
        value = value.strip().strip('"')
        if not line.startswith(" "):
            out[key] = value if value else {}
            parent = out[key] if not value else None
        elif parent is not None and line.startswith("  ") and not line.startswith("   "):
            parent[key] = value
    return out


def active_provider(hermes_home: Path) -> Optional[str]:
    config = hermes_home / "config.yaml"
    if not config.is_file():
        return None
    memory = read_yaml(config).get("memory") or {}
    return (memory.get("provider") if isinstance(memory, dict) else None) or None


def is_memory_provider_dir(path: Path) -> bool:
    init = path / "__init__.py"
    if not init.exists():
        return False
    head = init.read_text(encoding="utf-8", errors="replace")[:8192]
    return "register_memory_provider" in head or "MemoryProvider" in head


def provider_dirs(hermes_home: Path) -> Dict[str, Path]:
    root = hermes_home / "plugins"
    if not root.is_dir():
        return {}
    return {c.name: c for c in sorted(root.iterdir()) if c.is_dir() and not c.name.startswith(("_", ".")) and is_memory_provider_dir(c)}


def describe(plugin_dir: Path) -> str:
    try:
        return read_yaml(plugin_dir / "plugin.yaml").get("description", "")
    except OSError:
        return ""


def general_plugin_kind(plugin_dir: Path) -> str:
    """The kind the general plugin manager gives a folder; "exclusive" ones it does not load."""
    kind = read_yaml(plugin_dir / "plugin.yaml").get("kind")
    if kind in ("standalone", "backend", "exclusive", "platform", "model-provider"):
        return kind
    return "exclusive" if not kind and is_memory_provider_dir(plugin_dir) else "standalone"


class _Collector:
    def __init__(self) -> None:
        self.provider = None

    def register_memory_provider(self, provider: Any) -> None:
        self.provider = provider

    def __getattr__(self, attr: str):
        if not attr.startswith("register_"):
            raise AttributeError(attr)
        return lambda *a, **k: None


def _package(name: str, locations: List[str]) -> None:
    if name not in sys.modules:
        spec = importlib.machinery.ModuleSpec(name, None, is_package=True)
        spec.submodule_search_locations = locations
        sys.modules[name] = importlib.util.module_from_spec(spec)


def load_provider(name: str, hermes_home: Path) -> Optional[MemoryProvider]:
    plugin_dir = provider_dirs(hermes_home).get(name)
    if plugin_dir is None:
        return None
    digest = hashlib.sha256(str(plugin_dir.resolve()).encode()).hexdigest()[:16]
    module_name = f"{USER_NAMESPACE}.{name}__source_{digest}"
    _package(USER_NAMESPACE, [])
    spec = importlib.util.spec_from_file_location(module_name, str(plugin_dir / "__init__.py"), submodule_search_locations=[str(plugin_dir)])
    mod = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = mod
    for sub in sorted(plugin_dir.glob("*.py")):
        if sub.name != "__init__.py":
            sub_spec = importlib.util.spec_from_file_location(f"{module_name}.{sub.stem}", str(sub))
            sub_mod = importlib.util.module_from_spec(sub_spec)
            sys.modules[sub_spec.name] = sub_mod
            sub_spec.loader.exec_module(sub_mod)
    spec.loader.exec_module(mod)
    if hasattr(mod, "register"):
        collector = _Collector()
        mod.register(collector)
        if collector.provider is not None:
            return collector.provider
    for attr in vars(mod).values():
        if isinstance(attr, type) and issubclass(attr, MemoryProvider) and attr is not MemoryProvider:
            return attr()
    return None


class MemoryManager:
    def __init__(self) -> None:
        self.providers: List[MemoryProvider] = []
        self.tools: Dict[str, MemoryProvider] = {}
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mem-sync")
        self._futures: list = []

    def add_provider(self, provider: MemoryProvider) -> None:
        schemas = list(provider.get_tool_schemas())
        self.providers.append(provider)
        for raw in schemas:
            schema = raw.get("function", raw) if raw.get("type") == "function" else raw
            tool = schema.get("name")
            if tool and tool not in CORE_TOOLS and tool not in self.tools:
                self.tools[tool] = provider

    def initialize_all(self, **kwargs: Any) -> None:
        for p in self.providers:
            p.initialize(**kwargs)

    def build_system_prompt(self) -> str:
        return "\n\n".join(b for b in (p.system_prompt_block() for p in self.providers) if b and b.strip())

    def prefetch_all(self, query: str, *, session_id: str = "") -> str:
        parts = []
        for p in self.providers:
            box: Dict[str, str] = {}
            t = threading.Thread(target=lambda: box.setdefault("v", p.prefetch(query, session_id=session_id) or ""), daemon=True)
            t.start()
            t.join(PREFETCH_TIMEOUT_S)
            if not t.is_alive() and box.get("v", "").strip():
                parts.append(box["v"])
        return "\n\n".join(parts)

    def sync_all(self, user: str, assistant: str, *, session_id: str = "", messages: Optional[list] = None) -> None:
        def run() -> None:
            for p in self.providers:
                kwargs: Dict[str, Any] = {"session_id": session_id}
                params = inspect.signature(p.sync_turn).parameters
                if messages is not None and ("messages" in params or any(x.kind is inspect.Parameter.VAR_KEYWORD for x in params.values())):
                    kwargs["messages"] = messages
                try:
                    p.sync_turn(user, assistant, **kwargs)
                except Exception as e:
                    logger.warning("Memory provider '%s' sync_turn failed: %s", p.name, e)

        self._futures.append(self._worker.submit(run))

    def queue_prefetch_all(self, query: str, *, session_id: str = "") -> None:
        self._futures.append(self._worker.submit(lambda: [p.queue_prefetch(query, session_id=session_id) for p in self.providers]))

    def drain(self, timeout: float = 120.0) -> None:
        wait(self._futures, timeout=timeout)

    def handle_tool_call(self, tool: str, args: Dict[str, Any]) -> str:
        return self.tools[tool].handle_tool_call(tool, args)

    def on_memory_write(self, action: str, target: str, content: str, metadata: Optional[Dict[str, Any]] = None) -> None:
        """The built-in memory tool committed a write: mirrored to the external providers, on the tool's path."""
        for p in self.providers:
            p.on_memory_write(action, target, content, metadata=dict(metadata or {}))

    def on_session_end(self, messages: list) -> None:
        for p in self.providers:
            p.on_session_end(messages)

    def shutdown_all(self) -> None:
        wait(self._futures, timeout=DRAIN_TIMEOUT_S)
        for p in self.providers:
            p.shutdown()
        self._worker.shutdown(wait=False)


def start_agent(hermes_home: Path, session_id: str, **kwargs: Any) -> Optional[MemoryManager]:
    """Agent start-up: the provider named in config.yaml, when available, initialized for a session."""
    name = active_provider(hermes_home)
    provider = load_provider(name, hermes_home) if name else None
    if provider is None or not provider.is_available():
        return None
    manager = MemoryManager()
    manager.add_provider(provider)
    manager.initialize_all(session_id=session_id, hermes_home=str(hermes_home), **kwargs)
    return manager

"""The optmem provider as Hermes loads and drives it (hermes_standin.py), with the real optmem CLI.

Run from the repository root:
  OPTMEM_TEST_HOME=/tmp/mem OPTMEM_TEST_CWD=/tmp/repo python3 -m unittest discover -s integrations/hermes/test
(test/integrations.test.ts does this with a fresh memory home and project)."""

import json
import logging
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)  # the stand-in `agent` package

import hermes_standin as hermes  # noqa: E402
from agent.memory_provider import MemoryProvider  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
HOME = os.environ.get("OPTMEM_TEST_HOME", "")
CWD = os.environ.get("OPTMEM_TEST_CWD", "")
NODE = os.environ.get("OPTMEM_TEST_NODE", "node")
CLI = [NODE, os.path.join(ROOT, "bin", "optmem.js"), "--dir", HOME]
NEEDS_CLI = unittest.skipUnless(HOME and CWD, "needs OPTMEM_TEST_HOME and OPTMEM_TEST_CWD")


def optmem(*args: str, env=None) -> str:
    p = subprocess.run(CLI + list(args), capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise AssertionError(f"optmem {' '.join(args)}: {p.stderr}")
    return p.stdout


def install(hermes_home: Path) -> None:
    (hermes_home / "config.yaml").write_text("model:\n  default: gpt-5\nmemory:\n  provider: holographic\n", encoding="utf-8")
    optmem("install", "hermes", env={**os.environ, "HERMES_HOME": str(hermes_home)})
    # A slow shared machine must not turn recall off in the test; the default stays small.
    settings = hermes_home / "plugins" / "optmem" / "optmem.json"
    settings.write_text(json.dumps({**json.loads(settings.read_text(encoding="utf-8")), "recall_timeout": 60}), encoding="utf-8")


def copy_plugin(command) -> Path:
    """The plugin's files in a fresh HERMES_HOME, selected in config.yaml, without the installer."""
    hh = Path(tempfile.mkdtemp(prefix="hermes-home-"))
    plugin = hh / "plugins" / "optmem"
    plugin.mkdir(parents=True)
    for f in ("plugin.yaml", "__init__.py"):
        (plugin / f).write_text(Path(HERE, "..", f).read_text(encoding="utf-8"), encoding="utf-8")
    (plugin / "optmem.json").write_text(json.dumps({"command": command}), encoding="utf-8")
    (hh / "config.yaml").write_text("memory:\n  provider: optmem\n", encoding="utf-8")
    return hh


@NEEDS_CLI
class HermesLoop(unittest.TestCase):
    def test_installed_provider_runs_the_whole_session(self):
        hh = Path(tempfile.mkdtemp(prefix="hermes-home-"))
        install(hh)
        self.assertEqual(hermes.active_provider(hh), "optmem")
        self.assertIn("optmem", hermes.describe(hh / "plugins" / "optmem"))

        agent = hermes.start_agent(hh, "hermes-s1", platform="cli", agent_context="primary", cwd=CWD)
        self.assertIsNotNone(agent, "config.yaml selects optmem, and it is available")
        provider = agent.providers[0]
        self.assertIsInstance(provider, MemoryProvider)
        self.assertEqual(sorted(agent.tools), ["optmem_add", "optmem_search"])
        self.assertIn("# optmem context", agent.build_system_prompt())

        # Turn 1: a question; turn 2: the user decides.
        agent.sync_all("日报推送用哪个渠道？", "可以用飞书群机器人，或者改成邮件，你定。", session_id="hermes-s1")
        agent.sync_all("以后日报统一用邮件推送，不再走飞书。", "好的，日报改用邮件推送。", session_id="hermes-s1")
        agent.drain()

        # Before the session ends: the decision is in memory, found by the recall and by the tool.
        self.assertIn("以后日报统一用邮件推送", agent.prefetch_all("日报现在怎么推送？", session_id="hermes-s1"))
        found = json.loads(agent.handle_tool_call("optmem_search", {"query": "日报 邮件"}))["results"]
        self.assertTrue(any("邮件推送" in r["text"] and r["kind"] == "decision" for r in found), found)
        added = json.loads(agent.handle_tool_call("optmem_add", {"text": "日报的收件人是 ops@example.com", "kind": "note"}))
        self.assertTrue(added["added"])

        # The schedule's later `--from hermes` finds nothing new in the captured turns (same cursor),
        # and skips the gateway transcript of a session the provider captured.
        (hh / "sessions").mkdir()
        line = lambda sid: json.dumps({"role": "user", "content": "以后日报统一用邮件推送，不再走飞书。", "timestamp": "2026-12-01T10:00:00"}, ensure_ascii=False) + "\n"
        for sid in ("hermes-s1", "hermes-gateway-only"):
            (hh / "sessions" / f"{sid}.jsonl").write_text(line(sid), encoding="utf-8")
        scheduled = json.loads(optmem("ingest", "--json", "--from", "hermes", env={**os.environ, "HERMES_HOME": str(hh)}))
        self.assertEqual((scheduled["files"], scheduled["filesRead"]), (2, 1), "the captured turns and the uncaptured gateway session; only the latter new")

        # Hermes' built-in memory tool saves a preference: optmem keeps it too.
        agent.on_memory_write("add", "user", "用户希望周报用中文写，标题带日期", metadata={"session_id": "hermes-s1"})

        # End: a handoff the next session starts with.
        agent.on_session_end([
            {"role": "user", "content": "以后日报统一用邮件推送，不再走飞书。"},
            {"role": "assistant", "content": "日报模板已改好。下一步：配置 SMTP 发件账号。"},
        ])
        agent.shutdown_all()
        logs = "".join(f.read_text(encoding="utf-8") for f in Path(HOME, "log").rglob("*.md"))
        self.assertIn("用户希望周报用中文写", logs)
        nxt = hermes.start_agent(hh, "hermes-s2", platform="cli", agent_context="primary", cwd=CWD)
        self.assertIn("配置 SMTP 发件账号", nxt.build_system_prompt())

    def test_a_failed_capture_never_raises_and_the_next_ingest_catches_up(self):
        hh = copy_plugin(CLI)
        provider_class = type(hermes.load_provider("optmem", hh))
        bad = provider_class(command=[NODE, "-e", "process.exit(3)"])  # an ingest that fails
        bad.initialize("hermes-crash", hermes_home=str(hh), platform="cli", cwd=CWD)
        with self.assertLogs(level=logging.WARNING) as logs:
            bad.sync_turn("我们决定把备份从每天一次改成每6小时一次。", "好，已改 cron。")
        self.assertIn("read by the next ingest", "\n".join(logs.output))

        # The next ingest reads it: the provider's own at the next turn, or here the schedule's
        # `--from hermes`, on a Hermes with no gateway sessions/ folder at all.
        caught = json.loads(optmem("ingest", "--json", "--from", "hermes", env={**os.environ, "HERMES_HOME": str(hh)}))
        self.assertEqual(caught["written"], 1)
        logs = "".join(f.read_text(encoding="utf-8") for f in Path(HOME, "log").rglob("*.md"))
        self.assertIn("每6小时一次", logs)


class Packaging(unittest.TestCase):
    def test_a_subagent_writes_nothing_and_a_missing_command_is_unavailable(self):
        hh = copy_plugin(["/nonexistent/optmem"])
        self.assertEqual(hermes.general_plugin_kind(hh / "plugins" / "optmem"), "exclusive", "only memory.provider loads it")
        self.assertIsNone(hermes.start_agent(hh, "s", platform="cli"), "unavailable: Hermes does not activate it")
        p = hermes.load_provider("optmem", hh)
        self.assertIn("not found", p.unavailable_reason())
        p.initialize("s", hermes_home=str(hh), agent_context="subagent")
        p.sync_turn("我们决定用邮件推送。", "好。")
        p.on_session_end([{"role": "user", "content": "done: x y z"}])  # would log a failure if it ran the command
        self.assertFalse((hh / "optmem").exists())
        self.assertTrue(json.loads(p.handle_tool_call("optmem_search", {"query": ""}))["error"])


if __name__ == "__main__":
    unittest.main()

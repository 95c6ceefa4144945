"""The optmem provider against the stand-in interface, with the real optmem CLI.

Run from the repository root: OPTMEM_TEST_HOME=/tmp/x OPTMEM_TEST_CWD=/tmp/repo python3 -m unittest discover -s integrations/hermes/test
(test/hermes-shim.test.ts does this with a fresh memory home and project)."""

import importlib.util
import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)  # the stand-in `agent` package

from agent.memory_provider import MemoryProvider  # noqa: E402

spec = importlib.util.spec_from_file_location("optmem_hermes", os.path.join(HERE, "..", "__init__.py"))
shim = importlib.util.module_from_spec(spec)
spec.loader.exec_module(shim)

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
HOME = os.environ.get("OPTMEM_TEST_HOME", "")
CWD = os.environ.get("OPTMEM_TEST_CWD", "")
CMD = [os.environ.get("OPTMEM_TEST_NODE", "node"), os.path.join(ROOT, "bin", "optmem.js"), "--dir", HOME]


class ProviderTests(unittest.TestCase):
    def test_register_hands_over_a_memory_provider(self):
        got = []

        class Ctx:
            def register_memory_provider(self, provider):
                got.append(provider)

        shim.register(Ctx())
        self.assertEqual(len(got), 1)
        self.assertIsInstance(got[0], MemoryProvider)
        self.assertEqual(got[0].name, "optmem")
        self.assertEqual(got[0].get_tool_schemas(), [])

    @unittest.skipUnless(HOME and CWD, "needs OPTMEM_TEST_HOME and OPTMEM_TEST_CWD")
    def test_session_end_writes_a_handoff_and_the_next_session_reads_it(self):
        p = shim.OptmemMemoryProvider(command=CMD)
        self.assertTrue(p.is_available())
        p.initialize("hermes-s1", hermes_home="/tmp/unused", platform="cli", cwd=CWD)
        p.sync_turn("周报汇总跑通了吗？", "周报汇总脚本已完成。下一步：把飞书推送改成邮件。", session_id="hermes-s1")
        messages = [
            {"role": "user", "content": "周报汇总跑通了吗？"},
            {"role": "assistant", "content": "周报汇总脚本已完成。", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "write_file", "arguments": json.dumps({"path": "reports/weekly.md"})}}]},
            {"role": "tool", "tool_call_id": "c1", "content": "ok " * 500},
            {"role": "assistant", "content": "飞书推送报错 401。下一步：把飞书推送改成邮件。"},
        ]
        p.on_session_end(messages)

        q = shim.OptmemMemoryProvider(command=CMD)
        q.initialize("hermes-s2", platform="cli", cwd=CWD)
        block = q.system_prompt_block()
        self.assertIn("周报汇总脚本已完成", block)
        self.assertIn("把飞书推送改成邮件", block)

    def test_a_subagent_writes_nothing(self):
        p = shim.OptmemMemoryProvider(command=["/nonexistent/optmem"])
        p.initialize("s", agent_context="subagent")
        p.on_session_end([{"role": "user", "content": "done: x y z"}])  # would fail if it ran the command
        self.assertFalse(p.is_available())


if __name__ == "__main__":
    unittest.main()

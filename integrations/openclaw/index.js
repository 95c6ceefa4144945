// optmem for OpenClaw: a memory-slot plugin. Plain JavaScript, no native modules: OpenClaw loads
// plugins in its own Node (24+), while optmem runs on the Node it was installed with, so every call
// goes through the optmem CLI as a child process (see optmem-cli.js).
//
// It registers, as OpenClaw's plugin SDK (2026.9.x) defines them:
//   api.registerMemoryCapability  the memory slot: prompt section + a search manager answered by optmem
//   api.registerTool              memory_search, memory_get (OpenClaw's memory tool names), memory_add
//   api.registerCli               `openclaw memory search|get`
//   api.on                        before_prompt_build (context pack), agent_end / before_compaction /
//                                 session_end (handoff)
import { memoryCapability } from './capability.js';
import { HOOK_NAMES, registerHooks, toJsonl } from './hooks.js';
import { MEMORY_COMMAND, registerMemoryCommand } from './memory-command.js';
import { runOptmem } from './optmem-cli.js';
import { addTool, getTool, searchTool, TOOL_NAMES } from './tools.js';

export { HOOK_NAMES, TOOL_NAMES, toJsonl };

export function createPlugin(run = runOptmem) {
  return {
    id: 'optmem',
    name: 'optmem',
    description: 'Shared file-first long-term memory in the memory slot: memory_search/memory_get/memory_add, context pack in, handoff out.',
    kind: 'memory',
    register(api) {
      const cfg = api.pluginConfig || {};
      api.registerMemoryCapability(memoryCapability(cfg, run));
      api.registerTool(() => searchTool(cfg, run), { names: ['memory_search'] });
      api.registerTool(() => getTool(cfg, run), { names: ['memory_get'] });
      api.registerTool((ctx) => addTool(cfg, run, ctx), { names: ['memory_add'] });
      api.registerCli(({ program }) => registerMemoryCommand(program, cfg, run), { descriptors: [MEMORY_COMMAND] });
      registerHooks(api, cfg, run);
    },
  };
}

export default createPlugin();

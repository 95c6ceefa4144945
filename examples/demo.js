// A short tour of optmem on a throw-away memory home: a few records in Chinese and English,
// a correction, then searches. Every step runs the real `optmem` command.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bin = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'optmem.js');
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'optmem-demo-'));

function optmem(...args) {
  console.log(`$ optmem ${args.map((a) => (/[\s[\]〔]/.test(a) ? JSON.stringify(a) : a)).join(' ')}`);
  const out = execFileSync(process.execPath, [bin, '--dir', home, ...args], { encoding: 'utf8' });
  process.stdout.write(out.trimEnd().replace(/^/gm, '  ') + '\n');
  return out.trim();
}

optmem('init');
const old = optmem('add', '[code] 后端服务的端口是8080，写在 config/server.yaml 里，前端通过 /api 反代过去。', '--time', '2026-05-10T09:00:00+08:00', '--project', 'shop');
optmem('add', '[code] 〔更正〕后端端口已从8080改为9090，之前记的8080作废', '--project', 'shop', '--corrects', old);
optmem('add', '[openclaw] 公众号的稿子多半由 OpenClaw 定稿，标题不超过20个字', '--tag', 'writing');
optmem('add', '[hermes] 〔红线〕不要在周五下午发版', '--time', '2026-03-02T10:00:00+08:00');
optmem('add', 'Deployed the nginx reverse proxy in front of the backend on 127.0.0.1:9090', '--domain', 'hermes', '--project', 'shop');
optmem('search', '端口');
optmem('search', '公众号 标题');
optmem('search', 'deploying proxy', '--domain', 'hermes');
optmem('stats');
console.log(`\nThe files are the truth — open them: ${path.join(home, 'log')}`);

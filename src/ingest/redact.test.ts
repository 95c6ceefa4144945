import { describe, expect, it } from 'vitest';
import { redact } from './redact.js';

// Fake secrets of the right shapes; none of them is a real credential.
const OPENAI = 'sk-proj-Zq8TnW3kP0xYv7LbR2dFhJ5sMu9cAe1GiKo4';
const OPENAI_LEGACY = 'sk-4fT9qWm2Zx8Lr3Np6Vb1Hc7Jd0Ks5Ye2Ug8Ao3Ri';
const ANTHROPIC = 'sk-ant-api03-Xy7_Kq2mZp9LwR4tNv8bHs1cJd6fGe3aUo5iYk0-Tq7mW2';
const DEEPSEEK = 'sk-0f3a9c1e8b7d6a5f4e3d2c1b0a9f8e7d';
const GITHUB = 'ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const GITHUB_OAUTH = 'gho_Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp9Oo8';
const GITHUB_PAT = 'github_pat_11ABCDE2F0gHiJkLmNoPqR_sTuVwXyZ0123456789abcdefghijKLMNOPQRSTUV';
const AWS_ID = 'AKIAIOSFODNN7EXAMPL3';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKY';
const SLACK = 'xoxb-2048-1234567890-AbCdEfGhIjKlMnOpQrStUvWx';
const GOOGLE = 'AIzaSyB3x9Q-7mKp2Lw8Rt5Vn0Jd4Hs6Fc1Ge9A';
const STRIPE = 'sk_live_51HxYzAbCdEfGhIj0123456789';
const STRIPE_RK = 'rk_live_51HxYzQrStUvWxYz9876543210';
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6Imhlcm1lcyJ9.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';

/** [text, secrets that must be gone, kinds expected, substrings that must survive] */
const SECRETS: [string, string[], string[], string[]][] = [
  [`OPENAI_API_KEY=${OPENAI}`, [OPENAI], ['api-key'], ['OPENAI_API_KEY=']],
  [`export OPENAI_API_KEY="${OPENAI_LEGACY}"`, [OPENAI_LEGACY], ['api-key'], ['export OPENAI_API_KEY=']],
  [`hermes 的 key 换成了 ${ANTHROPIC}，旧的作废`, [ANTHROPIC], ['api-key'], ['hermes 的 key 换成了', '旧的作废']],
  [`DeepSeek 的 API Key：${DEEPSEEK}，别外传`, [DEEPSEEK], ['api-key'], ['DeepSeek', '别外传']],
  [`git remote set-url origin https://${GITHUB}@github.com/me/optmem.git`, [GITHUB], [], ['github.com/me/optmem.git']],
  [`gh auth token → ${GITHUB_OAUTH}`, [GITHUB_OAUTH], ['token'], ['gh auth token']],
  [`GITHUB_TOKEN: ${GITHUB_PAT}`, [GITHUB_PAT], ['token'], ['GITHUB_TOKEN:']],
  [`[default]\naws_access_key_id = ${AWS_ID}\naws_secret_access_key = ${AWS_SECRET}\nregion = ap-east-1`, [AWS_ID, AWS_SECRET], ['api-key'], ['region = ap-east-1']],
  [`slack bot token 是 ${SLACK}`, [SLACK], ['token'], ['slack bot token']],
  [`maps key=${GOOGLE}&libraries=places`, [GOOGLE], ['api-key'], ['libraries=places']],
  [`Stripe: ${STRIPE} and restricted ${STRIPE_RK}`, [STRIPE, STRIPE_RK], ['api-key'], ['Stripe:', 'restricted']],
  [`curl -H "Authorization: Bearer ${JWT}" https://api.example.cn:8443/v1/me`, [JWT], ['jwt'], ['https://api.example.cn:8443/v1/me']],
  ['curl -H "Authorization: Bearer 7f3kQ9zLp2Xw8Rt5Vn0Jd4Hs" localhost:9090', ['7f3kQ9zLp2Xw8Rt5Vn0Jd4Hs'], ['token'], ['localhost:9090']],
  [`cookie 里的 session 是 ${JWT}`, [JWT], ['jwt'], ['cookie 里的 session 是']],
  [
    '部署用的私钥：\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACD3xZ9VQk2mJ8rLw5tN0pHs1cJd6fGe3aUo5iYk0TqAAAAJjR2yXk0dsl\n-----END OPENSSH PRIVATE KEY-----\n放在 ~/.ssh/deploy_ed25519',
    ['b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ', 'BEGIN OPENSSH PRIVATE KEY'],
    ['private-key'],
    ['部署用的私钥', '放在 ~/.ssh/deploy_ed25519'],
  ],
  ['-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2Lhw\n(truncated)', ['MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2Lhw'], ['private-key'], []],
  ['DATABASE_URL=postgres://shop:S3cr3t!pw@db.internal:5432/shop', ['S3cr3t!pw'], ['connection-string'], ['postgres://shop:', '@db.internal:5432/shop']],
  ['mysql://root:Tr0ub4dor@127.0.0.1:3306/blog?charset=utf8mb4', ['Tr0ub4dor'], ['connection-string'], ['127.0.0.1:3306/blog']],
  ['MONGO_URI="mongodb+srv://app:p%40ssW0rd@cluster0.ab1cd.mongodb.net/notes"', ['p%40ssW0rd'], ['connection-string'], ['cluster0.ab1cd.mongodb.net/notes']],
  ['缓存连 redis://:hunter2hunter2@10.0.0.5:6379/0 就行', ['hunter2hunter2'], ['connection-string'], ['10.0.0.5:6379/0', '就行']],
  ['amqp://guest:RabbitPass42@mq.lan:5672/%2f', ['RabbitPass42'], ['connection-string'], ['mq.lan:5672']],
  ['镜像源 https://deploy:gh0stP4ss@registry.example.cn/v2/ 已配置', ['gh0stP4ss'], ['password'], ['registry.example.cn/v2/', '已配置']],
  ['DB_PASSWORD=correct-horse-battery', ['correct-horse-battery'], ['password'], ['DB_PASSWORD=']],
  ['config.yaml:\n  smtp:\n    host: smtp.qq.com\n    port: 465\n    password: "mail#Pass 2026"', ['mail#Pass 2026'], ['password'], ['host: smtp.qq.com', 'port: 465']],
  ['{"client_id": "wx1234abcd5678ef90", "client_secret": "9f8e7d6c5b4a39281706f5e4d3c2b1a0"}', ['9f8e7d6c5b4a39281706f5e4d3c2b1a0'], ['secret'], ['wx1234abcd5678ef90']],
  ['公众号的 AppSecret=0a1b2c3d4e5f60718293a4b5c6d7e8f9，AppID 是 wx9f8e7d6c5b4a3921', ['0a1b2c3d4e5f60718293a4b5c6d7e8f9'], [], ['wx9f8e7d6c5b4a3921']],
  ['NAS 的管理员密码是 Nas@2026!，别告诉别人', ['Nas@2026!'], ['password'], ['别告诉别人']],
  ['root 密码：Qwe123456', ['Qwe123456'], ['password'], ['root']],
  ['路由器口令 = abc#8899', ['abc#8899'], ['password'], ['路由器']],
  ['数据库密码改成了 S3cure_2026，记得同步给 hermes', ['S3cure_2026'], ['password'], ['记得同步给 hermes']],
  ['The wifi password is "lemon tree 42".', ['lemon tree 42'], ['password'], ['The wifi password is']],
  ['mysql -uroot -pRootPass123 -h 127.0.0.1 -P 3306 shop', ['RootPass123'], ['password'], ['-h 127.0.0.1 -P 3306 shop']],
  ['psql --password=Pg_Secret_9 -h db.lan', ['Pg_Secret_9'], ['password'], ['-h db.lan']],
  ['X-Api-Key: 3c2b1a09f8e7d6c5b4a3', ['3c2b1a09f8e7d6c5b4a3'], ['api-key'], ['X-Api-Key:']],
  ['通知走 https://hooks.slack.com/services/T0001/B0002/XyZ123abcDEF456ghiJKL789', ['XyZ123abcDEF456ghiJKL789'], ['webhook'], ['https://hooks.slack.com/services/']],
  ['飞书机器人 https://open.feishu.cn/open-apis/bot/v2/hook/6f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f', ['6f1c2d3e-4a5b-6c7d-8e9f-0a1b2c3d4e5f'], ['webhook'], ['飞书机器人']],
  ['access_token=ya29.a0AfB_byC1d2E3f4G5h6', ['ya29.a0AfB_byC1d2E3f4G5h6'], ['token'], ['access_token=']],
];

/** Ordinary text: nothing here is a secret, and nothing may change. */
const CLEAN = [
  '后端端口已从 8080 改为 9090，nginx upstream 同步改了',
  'commit 3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39 merged into main',
  '回滚到 9c1e2f4 之后问题消失了',
  'request id 550e8400-e29b-41d4-a716-446655440000 timed out after 30s',
  'sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  'React 升级到 19.2.0，Node 20.11.1，pnpm 9.12',
  '配置在 /etc/nginx/conf.d/blog.conf 和 ~/.config/hermes/config.toml',
  'max_tokens: 4096, temperature: 0.3, top_p: 0.9',
  'token 用量：输入 12,340 tokens，输出 2,100 tokens',
  'primary_key = id; cache_key: "user:1"; sort_key=created_at',
  'GOOGLE_APPLICATION_CREDENTIALS=/etc/gcp/creds.json',
  'OPENAI_API_KEY=${OPENAI_API_KEY}',
  'api_key: <your-api-key>',
  'password: required',
  'the password is wrong, try again',
  '忘记密码是很常见的问题，密码是多少你还记得吗？',
  'ssh -p 2222 deploy@47.96.12.8',
  'git@github.com:me/optmem.git',
  'https://blog.example.cn:8443/posts/2026/slow-city?utm_source=wechat',
  'docker run -p 5678:5678 -v /srv/n8n:/home/node/.n8n n8nio/n8n:1.64.0',
  'ssh-keygen -t ed25519 -C hermes@nas',
  'scikit-learn 1.5.2 and sk-learn are the same thing',
  'the Bearer scheme is described in RFC 6750',
  '公众号 AppID 是 wx9f8e7d6c5b4a3921',
  'Tailscale IP 100.64.0.5，端口 3001，status.example.cn',
  'cron: 30 4 * * * /usr/local/bin/backup.sh',
  'ETag: "33a64df551425fcc55e4d42a148795d9f25f89d4"',
];

describe('redact', () => {
  it.each(SECRETS)('removes the secret from %s', (text, secrets, kinds, keep) => {
    const r = redact(text);
    for (const s of secrets) expect(r.text).not.toContain(s);
    for (const k of kinds) expect(r.kinds).toContain(k);
    for (const k of keep) expect(r.text).toContain(k);
    expect(r.count).toBeGreaterThanOrEqual(1);
    expect(r.text).toMatch(/\[REDACTED:[a-z-]+\]/);
  });

  it.each(CLEAN)('leaves ordinary text alone: %s', (text) => {
    expect(redact(text)).toEqual({ text, count: 0, kinds: [] });
  });

  it('counts each secret once and names each kind once', () => {
    const r = redact(`OPENAI_API_KEY=${OPENAI}\nDB_PASSWORD=hunter22\nANTHROPIC_API_KEY=${ANTHROPIC}`);
    expect(r.count).toBe(3);
    expect(r.kinds.sort()).toEqual(['api-key', 'password']);
    expect(r.text).toBe('OPENAI_API_KEY=[REDACTED:api-key]\nDB_PASSWORD=[REDACTED:password]\nANTHROPIC_API_KEY=[REDACTED:api-key]');
  });

  it('keeps the text around a secret byte for byte', () => {
    const r = redact('连接串 postgres://app:pw12345@db:5432/x ，端口 5432 不变。');
    expect(r.text).toBe('连接串 postgres://app:[REDACTED:connection-string]@db:5432/x ，端口 5432 不变。');
  });

  it('is idempotent', () => {
    for (const [text] of SECRETS) {
      const once = redact(text).text;
      expect(redact(once)).toEqual({ text: once, count: 0, kinds: [] });
    }
  });
});

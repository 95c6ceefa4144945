import { describe, expect, it } from 'vitest';
import { analyzeText, holds } from './analyze.js';
import { createJiebaSegmenter } from '../tokenizer/jieba.js';

const seg = createJiebaSegmenter(null);
const hay = (text: string) => analyzeText(text, (run) => seg.cutForSearch(run), ['hermes', 'code', 'openclaw']).hay;

describe('words the resolver reads as one across the two languages and their short forms', () => {
  it('holds the common form of a short or other-language word', () => {
    expect(holds(hay('〔更正〕公号改名了，现在叫「夜班护士手记」'), '公众号')).toBe(true);
    expect(holds(hay('[code] cron for sensor read: */10 * * * *'), '传感器')).toBe(true);
    expect(holds(hay('Soil moisture threshold: open valve below 32%'), '湿度')).toBe(true);
    expect(holds(hay('Grafana dashboard runs on port 3000'), '看板')).toBe(true);
    expect(holds(hay('HA box got a static lease'), '盒子')).toBe(true);
    expect(holds(hay("Mum's knee physio: Tuesdays 18:30"), '理疗')).toBe(true);
  });

  it('does not fold a word into another it merely contains', () => {
    expect(holds(hay('小红书账号名「ICU小护士」'), '公众号')).toBe(false);
  });
});

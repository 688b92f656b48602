/**
 * Tokenises the corpus with the engine's own tokenizer library (@huggingface/tokenizers), so the ids the model
 * trains on are exactly the ids the onnx backend feeds it, and checks decode(encode(text)) === text.
 *
 *   npx tsx models/recipe/encode.ts --corpus WORK/corpus.jsonl --tokenizer-dir WORK/tokenizer --out WORK/tokens \
 *       [--max-tokens 1024]
 *
 * `--max-tokens` drops the examples longer than the model's context (train.py would only ever see their first
 * block of tokens, and the model could never finish such an answer at run time); the dropped count is printed per
 * problem and operator, so a corpus whose programs outgrow the context shows it.
 * Writes tokens.bin (uint16 little-endian, examples back to back, each ending with eos) and tokens.json
 * (vocab size, example start offsets, and the ids of the corpus's first 200 lines, kept or dropped, for train.py's
 * cross-check with bpe.py).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Tokenizer } from '@huggingface/tokenizers';

const { values } = parseArgs({
  options: { corpus: { type: 'string' }, 'tokenizer-dir': { type: 'string' }, out: { type: 'string' }, 'max-tokens': { type: 'string' } },
});
const maxTokens = values['max-tokens'] === undefined ? Infinity : Number(values['max-tokens']);
if (!(maxTokens > 0)) throw new Error(`--max-tokens must be a positive number, got ${values['max-tokens']}`);
if (!values.corpus || !values['tokenizer-dir'] || !values.out) throw new Error('--corpus, --tokenizer-dir and --out are required');
const dir = values['tokenizer-dir'];
const tokenizerJson = JSON.parse(readFileSync(`${dir}/tokenizer.json`, 'utf8'));
const tokenizer = new Tokenizer(tokenizerJson, JSON.parse(readFileSync(`${dir}/tokenizer_config.json`, 'utf8')));
const vocabSize = Object.keys(tokenizerJson.model.vocab).length;
if (vocabSize > 65535) throw new Error('vocab does not fit uint16');

const lines = readFileSync(values.corpus, 'utf8').split('\n').filter((l) => l.length > 0);
const chunks: Uint16Array[] = [];
const starts: number[] = [];
const sample: number[][] = [];
const dropped = new Map<string, number>();
let total = 0;
for (const line of lines) {
  const { text, problem, operator } = JSON.parse(line) as { text: string; problem: string; operator: string };
  const ids = tokenizer.encode(text).ids as number[];
  if (sample.length < 200) {
    sample.push(ids);
    const back = tokenizer.decode(ids, { skip_special_tokens: false });
    if (back !== text) throw new Error(`round trip differs for example ${sample.length - 1}`);
  }
  if (ids.length > maxTokens) {
    const key = `${problem} ${operator}`;
    dropped.set(key, (dropped.get(key) ?? 0) + 1);
    continue;
  }
  starts.push(total);
  chunks.push(Uint16Array.from(ids));
  total += ids.length;
}
const all = new Uint16Array(total);
let at = 0;
for (const c of chunks) {
  all.set(c, at);
  at += c.length;
}
writeFileSync(`${values.out}.bin`, Buffer.from(all.buffer));
writeFileSync(`${values.out}.json`, JSON.stringify({ vocabSize, tokens: total, starts, sample }));
const lengths = chunks.map((c) => c.length).sort((a, b) => a - b);
const q = (p: number) => lengths[Math.min(lengths.length - 1, Math.floor(p * lengths.length))];
const droppedText = [...dropped].map(([key, n]) => `${key} ${n}`).join(', ');
if (dropped.size > 0) console.log(`encode: dropped ${lines.length - starts.length} examples over ${maxTokens} tokens (${droppedText})`);
console.log(`encode: ${starts.length} examples, ${total} tokens; length p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} max ${q(1)}`);

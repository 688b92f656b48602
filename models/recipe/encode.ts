/**
 * Tokenises the corpus with the engine's own tokenizer library (@huggingface/tokenizers), so the ids the model
 * trains on are exactly the ids the onnx backend feeds it, and checks decode(encode(text)) === text.
 *
 *   npx tsx models/recipe/encode.ts --corpus WORK/corpus.jsonl --tokenizer-dir WORK/tokenizer --out WORK/tokens
 *
 * Writes tokens.bin (uint16 little-endian, examples back to back, each ending with eos) and tokens.json
 * (vocab size, example start offsets, and the first examples' ids for train.py's cross-check with bpe.py).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Tokenizer } from '@huggingface/tokenizers';

const { values } = parseArgs({
  options: { corpus: { type: 'string' }, 'tokenizer-dir': { type: 'string' }, out: { type: 'string' } },
});
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
let total = 0;
for (const line of lines) {
  const { text } = JSON.parse(line) as { text: string };
  const ids = tokenizer.encode(text).ids as number[];
  if (sample.length < 200) {
    sample.push(ids);
    const back = tokenizer.decode(ids, { skip_special_tokens: false });
    if (back !== text) throw new Error(`round trip differs for example ${sample.length - 1}`);
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
console.log(`encode: ${lines.length} examples, ${total} tokens; length p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} max ${q(1)}`);

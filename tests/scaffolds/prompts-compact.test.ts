import { describe, expect, it } from 'vitest';
import { getProblem } from '../../src/problems/index.ts';
import {
  ANSWER_MARK,
  COMPACT_CHAT_TEMPLATE,
  COMPACT_EOS,
  compactAnswer,
  compactPrompt,
  renderCompactText,
} from '../../src/scaffolds/prompts/compact.ts';
import { createChatTemplate } from '../../src/llm/chat-template.ts';
import { parseResponse } from '../../src/extract/parse.ts';

const kp = getProblem('kp100');
const parent = { description: 'Highest value per weight.', code: kp.baselines['ratio-greedy'] };
const config = { chat_template: COMPACT_CHAT_TEMPLATE, eos_token: COMPACT_EOS };

describe('compact prompt format', () => {
  it('i1 is the header only; m2 adds one parent block; e1 two', () => {
    const [i1] = compactPrompt({ operator: 'i1', problem: kp, parents: [] });
    expect(i1).toEqual({ role: 'user', content: '#kp100 i1' });
    const [m2] = compactPrompt({ operator: 'm2', problem: kp, parents: [parent] });
    expect(m2.content).toBe(`#kp100 m2\n<p>{Highest value per weight.}\n${parent.code}`);
    const [e1] = compactPrompt({ operator: 'e1', problem: kp, parents: [parent, parent] });
    expect(e1.content.split('<p>')).toHaveLength(3);
  });

  it('the model dir chat template renders exactly what training used', () => {
    const template = createChatTemplate(config, 'test');
    const messages = compactPrompt({ operator: 'm1', problem: kp, parents: [parent] });
    expect(template(messages)).toBe(renderCompactText(messages[0].content, undefined, COMPACT_EOS));
    expect(template(messages).endsWith(`\n${ANSWER_MARK}`)).toBe(true);
    const answer = compactAnswer('Take the lightest item.', 'function selectNextItem(r, w, v) {\n  return 0;\n}');
    const full = template([...messages, { role: 'assistant', content: answer }]);
    expect(full).toBe(renderCompactText(messages[0].content, answer, COMPACT_EOS));
  });

  it("the engine's parser reads a compact answer (description in braces, then the code)", () => {
    const answer = compactAnswer('  Take the item with the best ratio. ', parent.code);
    const parsed = parseResponse(answer, 'selectNextItem');
    expect(parsed).toMatchObject({ ok: true, description: 'Take the item with the best ratio.' });
    if (parsed.ok) expect(parsed.code).toContain('values[i] / weights[i]');
  });
});

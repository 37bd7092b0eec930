import { describe, expect, it } from 'vitest';
import { PARAM_DEFINITIONS, checkParamValue, controlPointsFor, type ParamDefinition } from '../../../domain/schemas/remote';

const def = (id: string) => PARAM_DEFINITIONS.find((d) => d.id === id) as ParamDefinition;

describe('parameter validation from definitions', () => {
  it('every definition has a type, a range and is required', () => {
    for (const d of PARAM_DEFINITIONS) {
      expect(['int', 'float']).toContain(d.type);
      expect(d.min).toBeLessThan(d.max);
      expect(d.required).toBe(true);
      expect(checkParamValue(d, d.defaultValue)).toEqual({ ok: true, value: d.defaultValue });
    }
  });

  it('required: an empty field is refused with the parameter name', () => {
    expect(checkParamValue(def('leakLimit'), '')).toEqual({ ok: false, error: '剩余电流报警值不能为空' });
    expect(checkParamValue(def('leakLimit'), '   ')).toMatchObject({ ok: false });
    expect(checkParamValue(def('leakLimit'), null)).toMatchObject({ ok: false });
  });

  it('range: the bounds are inclusive and the message names the unit', () => {
    expect(checkParamValue(def('leakLimit'), '30')).toEqual({ ok: true, value: 30 });
    expect(checkParamValue(def('leakLimit'), '1000')).toEqual({ ok: true, value: 1000 });
    expect(checkParamValue(def('leakLimit'), '29')).toEqual({ ok: false, error: '剩余电流报警值须在 30~1000mA 之间' });
    expect(checkParamValue(def('tempLimit'), 121)).toEqual({ ok: false, error: '温度报警值须在 45~120℃ 之间' });
  });

  it('type: ints refuse decimals and text; floats keep their precision', () => {
    expect(checkParamValue(def('reportInterval'), '15.5')).toEqual({ ok: false, error: '上报周期须为整数' });
    expect(checkParamValue(def('reportInterval'), 15.5)).toEqual({ ok: false, error: '上报周期须为整数' });
    expect(checkParamValue(def('reportInterval'), 'abc')).toMatchObject({ ok: false });
    expect(checkParamValue(def('reportInterval'), '1e2')).toMatchObject({ ok: false });
    expect(checkParamValue(def('powerLimit'), '12.5')).toEqual({ ok: true, value: 12.5 });
    expect(checkParamValue(def('powerLimit'), '12.55')).toMatchObject({ ok: false });
    expect(checkParamValue(def('powerLimit'), '0.5')).toEqual({ ok: false, error: '功率限值须在 1~200kW 之间' });
  });

  it('control points depend on the product type', () => {
    expect(controlPointsFor('VG-ES100 智慧用电探测器').map((c) => c.name)).toEqual(['消音', '复位']);
    expect(controlPointsFor(null)).toHaveLength(2);
    expect(controlPointsFor('第三方电能表')).toEqual([]);
  });
});

describe('the /remoteSetting form model', async () => {
  const { checkForm, draftsOf, outcomesOf } = await import('../../../src/features/remoteSetting/paramForm');
  const rows = PARAM_DEFINITIONS.filter((d) => d.groupId === 1).map((d) => ({ ...d, value: d.defaultValue }));

  it('starts from the device values and sends only what changed', () => {
    const drafts = draftsOf(rows);
    expect(checkForm(rows, drafts)).toEqual({ errors: {}, changed: [] });
    expect(checkForm(rows, { ...drafts, leakLimit: '450' }).changed).toEqual([{ id: 'leakLimit', value: 450 }]);
    expect(checkForm(rows, { ...drafts, leakLimit: '', tempLimit: '70.5' }).errors).toEqual({
      leakLimit: '剩余电流报警值不能为空',
      tempLimit: '温度报警值须为整数',
    });
  });

  it('marks a value accepted only when the device holds exactly what was sent', () => {
    const sent = [
      { id: 'leakLimit', value: 450 },
      { id: 'tempLimit', value: 110 },
      { id: 'powerLimit', value: 20 },
    ];
    expect(outcomesOf(sent, { leakLimit: 450, tempLimit: 100 })).toEqual({
      leakLimit: { sent: 450, device: 450, accepted: true },
      tempLimit: { sent: 110, device: 100, accepted: false },
      powerLimit: { sent: 20, device: null, accepted: false },
    });
  });
});

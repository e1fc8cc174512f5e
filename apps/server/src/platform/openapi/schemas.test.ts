import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentSchemas } from './schemas.ts';

const Stake = z.object({ amount: z.number(), currency: z.string().default('CNY') });
const Slip = z.object({ stakes: z.array(Stake) });
const Level = z.enum(['low', 'high']);
const named = new Map<string, z.ZodType>([
  ['Stake', Stake],
  ['Slip', Slip],
  ['Level', Level],
]);

describe('the schemas of the OpenAPI document', () => {
  it('writes an entity once, as a component the schemas refer to', () => {
    const schemas = documentSchemas(named);
    const answer = schemas.of(z.object({ slip: Slip, level: Level.nullable() }), 'output');
    const document = schemas.complete({ answer, components: {} });
    expect(document.answer).toMatchObject({
      properties: { slip: { $ref: '#/components/schemas/Slip' }, level: { type: 'string', nullable: true, allOf: [{ $ref: '#/components/schemas/Level' }] } },
    });
    expect(document.components.schemas).toEqual({
      Slip: expect.objectContaining({ properties: { stakes: { type: 'array', items: { $ref: '#/components/schemas/Stake' } } } }),
      Stake: expect.objectContaining({ required: ['amount', 'currency'] }),
      Level: { type: 'string', enum: ['low', 'high'] },
    });
  });

  it('names the sent form of an entity apart when it differs from the received one, also in the entities holding it', () => {
    const schemas = documentSchemas(named);
    const body = schemas.of(Slip, 'input');
    const answer = schemas.of(Slip, 'output');
    const sentLevel = schemas.of(z.object({ level: Level }), 'input');
    const { components, ...paths } = schemas.complete({ body, answer, sentLevel, components: {} });
    expect(paths).toEqual({
      body: { $ref: '#/components/schemas/SlipInput' },
      answer: { $ref: '#/components/schemas/Slip' },
      sentLevel: expect.objectContaining({ properties: { level: { $ref: '#/components/schemas/Level' } } }),
    });
    expect(components.schemas.SlipInput).toEqual(
      expect.objectContaining({ properties: { stakes: { type: 'array', items: { $ref: '#/components/schemas/StakeInput' } } } }),
    );
    // A field with a default may be left out when sent.
    expect(components.schemas.StakeInput).toMatchObject({ required: ['amount'] });
    expect(components.schemas.Stake).toMatchObject({ required: ['amount', 'currency'] });
  });

  it('lists the fields of an entity given as a query, where a reference cannot stand', () => {
    const schemas = documentSchemas(named);
    expect(schemas.of(Stake, 'input', true)).toMatchObject({ type: 'object', properties: { amount: { type: 'number' } } });
    expect(schemas.complete({ components: {} }).components.schemas).toEqual({});
  });
});

import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index.ts';

/** The gift catalogue of the demo sites (prices in gold coins; oldId is the id of the catalogue before). */
const DEMO_GIFTS: Array<{ key: string; name: string; price: number; type: 1 | 2; oldId: number }> = [
  { key: 'like', name: '点赞', price: 1, type: 1, oldId: 101 },
  { key: 'flower', name: '鲜花', price: 5, type: 1, oldId: 102 },
  { key: 'beer', name: '啤酒', price: 10, type: 1, oldId: 103 },
  { key: 'football', name: '足球', price: 20, type: 1, oldId: 104 },
  { key: 'trophy', name: '奖杯', price: 52, type: 1, oldId: 105 },
  { key: 'car', name: '跑车', price: 188, type: 2, oldId: 106 },
  { key: 'rocket', name: '火箭', price: 520, type: 2, oldId: 107 },
  { key: 'castle', name: '城堡', price: 1314, type: 2, oldId: 108 },
];

const icon = (key: string) => `/assets/live/gifts/${key}.svg`;

/** Safe on every start: a gift the operator changed or withdrew is left as it is. */
export async function seedDemoGifts(db: Db): Promise<void> {
  for (const [i, g] of DEMO_GIFTS.entries()) {
    await db.execute(sql`
      INSERT INTO live_gifts (gift_type, price, name, icon, icon_web, status, old_id, sort)
      VALUES (${g.type}, ${g.price}, ${g.name}, ${icon(g.key)}, ${icon(g.key)}, '1', ${g.oldId}, ${i + 1})
      ON CONFLICT (name) DO NOTHING`);
  }
}

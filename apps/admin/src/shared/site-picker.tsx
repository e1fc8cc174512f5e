import { useState } from 'react';
import { Select } from 'antd';
import { useSites } from './me.ts';

/** The site a screen works on (the operator's first by default) and its picker. */
export function useSiteChoice(): { siteId: number | undefined; picker: React.ReactNode } {
  const { sites } = useSites();
  const [chosen, setChosen] = useState<number>();
  const siteId = chosen ?? sites[0]?.siteId;
  const picker = (
    <Select
      aria-label="站点"
      style={{ width: 200 }}
      value={siteId}
      onChange={setChosen}
      options={sites.map((s) => ({ value: s.siteId, label: `${s.name}（${s.currency}）` }))}
    />
  );
  return { siteId, picker };
}

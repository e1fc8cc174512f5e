import type { CSSProperties } from 'react';
import ReactECharts from 'echarts-for-react';
import { useReducedMotion } from './motion.ts';

/** An ECharts chart of the console: its series grow in briefly, or are drawn at once where the system asks for less motion. */
export function Chart({ option, style, notMerge }: { option: object; style: CSSProperties; notMerge?: boolean }) {
  const reduced = useReducedMotion();
  return <ReactECharts style={style} notMerge={notMerge} option={{ animation: !reduced, animationDuration: 300, ...option }} />;
}

/**
 * How far today's turnover is along the 闯关 stages, in percent: each stage an equal stretch of the
 * bar (their turnovers grow fast, a bar by amount would show the first stages as a sliver).
 */
export function stageProgress(turnover: number, stages: number[]): number {
  if (stages.length === 0) return 0;
  let from = 0;
  for (const [i, to] of stages.entries()) {
    if (turnover < to) return ((i + (turnover - from) / (to - from)) / stages.length) * 100;
    from = to;
  }
  return 100;
}

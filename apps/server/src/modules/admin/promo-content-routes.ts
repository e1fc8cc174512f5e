import type { FastifyInstance } from 'fastify';
import {
  addPickForOperator,
  expertForOperator,
  expertPicksForOperator,
  expertsForOperator,
  pickableSelections,
  quizBankForOperator,
  quizQuestionForOperator,
  removeQuizQuestion,
  saveExpert,
  saveQuizQuestion,
  saveSponsor,
  sortSponsors,
  sponsorForOperator,
  sponsorsForOperator,
  switchExpert,
  switchSponsor,
} from '../promo/index.ts';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';
import { operatorSite } from './site-scope.ts';

/** What an expert's audit entry keeps: what the operator edits (their record is the book's, not theirs). */
const expertEntry = ({ expertId, name, title, bio, badgeColor, enabled }: Awaited<ReturnType<typeof expertForOperator>>) => ({
  expertId,
  name,
  title,
  bio,
  badgeColor,
  enabled,
});

/**
 * The quiz's question bank, the experts and their picks, the sponsors of a site (issues 15, 17):
 * each change an audited action with the state before and after; members read it next.
 */
export function promoContentRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const manage = operatorRoute('promo.manage');

  defineRoute(
    app,
    { url: '/api/admin/promo/quiz/question/list', summary: 'The site’s quiz question bank and how many a member is drawn a day', ...manage },
    async (req) => quizBankForOperator(db, await operatorSite(db, req, req.body.siteId)),
  );
  defineRoute(
    app,
    {
      url: '/api/admin/promo/quiz/question/save',
      summary: 'Adds a quiz question (no `no`) or changes one, checked by the quiz’s schema; days already drawn keep their questions',
      ...manage,
    },
    async (req) => {
      const { no, question } = req.body;
      const siteId = await operatorSite(db, req, req.body.siteId);
      const before = no === undefined ? null : await quizQuestionForOperator(db, siteId, no);
      return audited(deps, req, { action: 'promo.quiz.question.save', target: (q) => `site:${siteId}:quiz:question:${q.no}`, before }, (t) =>
        saveQuizQuestion(t.db, siteId, no, question),
      );
    },
  );
  defineRoute(
    app,
    { url: '/api/admin/promo/quiz/question/remove', summary: 'Removes a quiz question; the bank keeps at least a day’s questions', ...manage },
    async (req) => {
      const { no } = req.body;
      const siteId = await operatorSite(db, req, req.body.siteId);
      const before = await quizQuestionForOperator(db, siteId, no);
      return audited(deps, req, { action: 'promo.quiz.question.remove', target: `site:${siteId}:quiz:question:${no}`, before }, (t) =>
        removeQuizQuestion(t.db, siteId, no),
      );
    },
  );

  defineRoute(app, { url: '/api/admin/promo/expert/list', summary: 'The site’s experts, switched on or off, with their records', ...manage }, async (req) => ({
    list: await expertsForOperator(db, await operatorSite(db, req, req.body.siteId)),
  }));
  defineRoute(app, { url: '/api/admin/promo/expert/save', summary: 'Adds an expert (no `expertId`) or changes one', ...manage }, async (req) => {
    const { expertId, expert } = req.body;
    const siteId = await operatorSite(db, req, req.body.siteId);
    const before = expertId === undefined ? null : expertEntry(await expertForOperator(db, siteId, expertId));
    return audited(deps, req, { action: 'promo.expert.save', target: (e) => `site:${siteId}:expert:${e.expertId}`, before, after: expertEntry }, (t) =>
      saveExpert(t.db, siteId, expertId, expert),
    );
  });
  defineRoute(app, { url: '/api/admin/promo/expert/switch', summary: 'Shows an expert and their picks to members, or hides them', ...manage }, async (req) => {
    const { expertId, enabled } = req.body;
    const siteId = await operatorSite(db, req, req.body.siteId);
    const before = expertEntry(await expertForOperator(db, siteId, expertId));
    return audited(deps, req, { action: 'promo.expert.switch', target: `site:${siteId}:expert:${expertId}`, before, after: expertEntry }, (t) =>
      switchExpert(t.db, siteId, expertId, enabled),
    );
  });
  defineRoute(app, { url: '/api/admin/promo/expert/picks', summary: 'An expert’s coming and settled picks', ...manage }, async (req) =>
    expertPicksForOperator(db, await operatorSite(db, req, req.body.siteId), req.body.expertId),
  );
  defineRoute(
    app,
    { url: '/api/admin/promo/expert/pickable', summary: 'The book’s coming matches with their main lines’ selections open for bets now', ...manage },
    async (req) => pickableSelections(db, await operatorSite(db, req, req.body.siteId), req.body.sport),
  );
  defineRoute(
    app,
    { url: '/api/admin/promo/expert/pick/add', summary: 'An expert’s pick of a selection open for bets now, at its price now; one per match', ...manage },
    async (req) => {
      const { expertId, selectionId, analysis } = req.body;
      const siteId = await operatorSite(db, req, req.body.siteId);
      return audited(
        deps,
        req,
        {
          action: 'promo.expert.pick',
          target: (p) => `site:${siteId}:expert:${expertId}:pick:${p.pickId}`,
          before: null,
          after: (p) => ({ expertId, pickId: p.pickId, matchId: p.match.matchId, selectionId, selectionName: p.selectionName, odds: p.odds, analysis }),
        },
        (t) => addPickForOperator(t.db, siteId, { expertId, selectionId, analysis }),
      );
    },
  );

  defineRoute(app, { url: '/api/admin/promo/sponsor/list', summary: 'The site’s sponsors, shown or not, in their order', ...manage }, async (req) => ({
    list: await sponsorsForOperator(db, await operatorSite(db, req, req.body.siteId)),
  }));
  defineRoute(
    app,
    { url: '/api/admin/promo/sponsor/save', summary: 'Adds a sponsor (no `sponsorId`, last in the order) or changes one', ...manage },
    async (req) => {
      const { sponsorId, sponsor } = req.body;
      const siteId = await operatorSite(db, req, req.body.siteId);
      const before = sponsorId === undefined ? null : await sponsorForOperator(db, siteId, sponsorId);
      return audited(deps, req, { action: 'promo.sponsor.save', target: (s) => `site:${siteId}:sponsor:${s.sponsorId}`, before }, (t) =>
        saveSponsor(t.db, siteId, sponsorId, sponsor),
      );
    },
  );
  defineRoute(app, { url: '/api/admin/promo/sponsor/switch', summary: 'Shows a sponsor on the member page, or hides it', ...manage }, async (req) => {
    const { sponsorId, enabled } = req.body;
    const siteId = await operatorSite(db, req, req.body.siteId);
    const before = await sponsorForOperator(db, siteId, sponsorId);
    return audited(deps, req, { action: 'promo.sponsor.switch', target: `site:${siteId}:sponsor:${sponsorId}`, before }, (t) =>
      switchSponsor(t.db, siteId, sponsorId, enabled),
    );
  });
  defineRoute(
    app,
    { url: '/api/admin/promo/sponsor/sort', summary: 'Puts every sponsor of the site in the order given (each once)', ...manage },
    async (req) => {
      const siteId = await operatorSite(db, req, req.body.siteId);
      const order = (list: Array<{ sponsorId: number }>) => list.map((s) => s.sponsorId);
      const before = order(await sponsorsForOperator(db, siteId));
      return audited(deps, req, { action: 'promo.sponsor.sort', target: `site:${siteId}:sponsors`, before, after: (r) => order(r.list) }, (t) =>
        sortSponsors(t.db, siteId, req.body.sponsorIds),
      );
    },
  );
}

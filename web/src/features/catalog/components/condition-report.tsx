import {
  CATEGORIES,
  CATEGORY_CHECKS,
  CHECKS,
  judgeAnswer,
  type CategoryName,
  type CheckKey,
  type ProductDetail,
} from '@shop/contract';
import { Img } from '@/components/img';

const isCategory = (c: string): c is CategoryName => (CATEGORIES as readonly string[]).includes(c);

/**
 * The seller's condition report on the product page: every answer, the flaws marked and each shown
 * beside its own photo.
 */
export function ConditionReport({ product }: { product: Pick<ProductDetail, 'category' | 'conditionReport' | 'condition'> }) {
  const report = product.conditionReport;
  if (!report || !isCategory(product.category)) return null;
  const keys = CATEGORY_CHECKS[product.category].filter((k): k is CheckKey => !!report[k]);
  if (!keys.length) return null;
  return (
    <section aria-labelledby="condition-report-title" className="flex flex-col gap-2">
      <h2 id="condition-report-title" className="text-lg font-bold">
        Condition report
      </h2>
      <p className="text-sm text-base-content/70">Filled in by the seller. Grade: {product.condition}.</p>
      <ul className="divide-y divide-base-300 border-y border-base-300 text-sm">
        {keys.map((key) => {
          const answer = report[key]!;
          const { flaw, label } = judgeAnswer(key, answer.value);
          const shown = CHECKS[key].kind === 'text' && !label ? 'None' : label;
          return (
            <li key={key} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-start">
              <div className="flex flex-1 flex-wrap items-baseline gap-x-3">
                <span className="w-44 shrink-0 text-base-content/70">{CHECKS[key].label.replace(/ \(%\)$/, '')}</span>
                <span className="font-medium">
                  {shown}
                  {flaw ? <span className="badge badge-warning badge-sm ml-2">Flaw</span> : null}
                </span>
                {answer.note ? <span className="basis-full text-base-content/80 sm:pl-47">{answer.note}</span> : null}
              </div>
              {answer.image ? (
                <a href={answer.image.url} target="_blank" rel="noreferrer" className="shrink-0">
                  <Img
                    src={answer.image.url}
                    alt={`Photo of the flaw: ${CHECKS[key].label}, ${shown}`}
                    width={160}
                    height={120}
                    className="h-24 w-32 rounded object-cover"
                  />
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

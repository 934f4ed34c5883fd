import { useLocation } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import type { ArticleLatestBlock, ArticleOverviewBlock } from "../block-schemas.ts";
import type { ArticleSummary } from "../content-page-schema.ts";
import { resolveLink } from "../link-field.ts";
import { Pagination } from "#ui/carfinder/pagination.tsx";
import type { BlockProps } from "./block-props.ts";
import { BlockImage, CardList, Heading, headingId, SectionWithHeader } from "./block-parts.tsx";
import { ContentLink } from "./content-link.tsx";
import { formatGermanDate } from "#domain/german-date.ts";

/** Page-builder blocks of the journal: the latest articles and the paginated overview, and their card. */

export function ArticleCard({ article, level }: { article: ArticleSummary; level: number }) {
  const date = article.date && !Number.isNaN(Date.parse(article.date)) ? new Date(article.date) : null;
  return (
    <article className="article-card">
      {article.image ? (
        <BlockImage
          image={{ filename: article.image.filename, alt: article.image.alt ?? "" }}
          className="article-card__image"
          aspectRatio={16 / 9}
          width={640}
          sizes="(min-width: 56.25em) 33vw, 100vw"
        />
      ) : null}
      <div className="article-card__body">
        <Heading level={level} className="article-card__title">
          <SiteLink to={`/${article.fullSlug.replace(/^\/+/, "")}`}>{article.title}</SiteLink>
        </Heading>
        {date ? (
          <p className="article-card__date">
            <time dateTime={article.date ?? undefined}>{formatGermanDate(date)}</time>
          </p>
        ) : null}
        {article.teaser ? <p className="article-card__teaser">{article.teaser}</p> : null}
      </div>
    </article>
  );
}

function ArticleList({ uid, context, level }: { uid: string; context: BlockProps<unknown>["context"]; level: number }) {
  const entry = context.data[uid];
  if (entry?.kind === "error")
    return (
      <p className="block__empty" role="status">
        Beiträge konnten nicht geladen werden.
      </p>
    );
  const articles = entry?.kind === "articles" ? entry.list.articles : [];
  if (articles.length === 0) return <p className="block__empty">Derzeit gibt es keine Beiträge.</p>;
  return (
    <CardList className="article-list" items={articles} keyOf={(article) => article.uuid}>
      {(article) => <ArticleCard article={article} level={level} />}
    </CardList>
  );
}

export function ArticleLatestView({ block, context, level }: BlockProps<ArticleLatestBlock>) {
  const id = headingId(block._uid);
  const link = resolveLink(block.link);
  return (
    <section className="block article-latest" aria-labelledby={id}>
      <Heading level={level} id={id}>
        {block.headline ?? "Aktuelles"}
      </Heading>
      <ArticleList uid={block._uid} context={context} level={level + 1} />
      {link ? (
        <p>
          <ContentLink link={link} className="button button--tertiary button--medium">
            {block.link_label ?? "Alle Beiträge"}
          </ContentLink>
        </p>
      ) : null}
    </section>
  );
}

export function ArticleOverviewView({ block, context, level, render }: BlockProps<ArticleOverviewBlock>) {
  const location = useLocation();
  const entry = context.data[block._uid];
  const list = entry?.kind === "articles" ? entry.list : undefined;
  return (
    <SectionWithHeader block={block} fallback="Alle Beiträge" className="block article-overview" level={level} render={render}>
      {list && list.total > list.articles.length ? (
        <p className="article-overview__count">
          {list.articles.length} von {list.total} Beiträgen
        </p>
      ) : null}
      <ArticleList uid={block._uid} context={context} level={level + 1} />
      {list ? (
        <Pagination
          page={list.page}
          pageCount={Math.ceil(list.total / list.perPage)}
          hrefFor={(page) => `${location.pathname}${page > 1 ? `?seite=${page}` : ""}`}
        />
      ) : null}
    </SectionWithHeader>
  );
}

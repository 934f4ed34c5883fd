/**
 * The polite live region of the compare and favourites pages: notices about vehicles that left
 * the list because they are no longer available (spec section 4), and the last removal. The
 * region stays in the DOM while empty so its first message is announced.
 */
export function ListNotices({ notices, announcement }: { notices: string[]; announcement: string }) {
  return (
    <div className="list-notices" role="status">
      {notices.map((notice, index) => (
        <p key={index} className="list-notice">
          {notice}
        </p>
      ))}
      {announcement ? <p className="list-announcement">{announcement}</p> : null}
    </div>
  );
}

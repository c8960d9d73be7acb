/** Rows per page of the admin tables: a screenful on a laptop, still quick to scroll on a phone. */
export const ADMIN_PAGE_SIZE = 20;

/** What one material did on one UTC+8 day, as added to its rows. */
export interface ActivityCounts {
  appearances: number;
  views: number;
  favourites: number;
  cartAdds: number;
  sales: number;
  earningsFen: number;
}

export interface ActivityEntry extends ActivityCounts {
  /** UTC+8 day, YYYY-MM-DD. */
  day: string;
  materialId: number;
}

export const noActivity = (): ActivityCounts => ({ appearances: 0, views: 0, favourites: 0, cartAdds: 0, sales: 0, earningsFen: 0 });

export function addActivity(target: ActivityCounts, more: Partial<ActivityCounts>): void {
  target.appearances += more.appearances ?? 0;
  target.views += more.views ?? 0;
  target.favourites += more.favourites ?? 0;
  target.cartAdds += more.cartAdds ?? 0;
  target.sales += more.sales ?? 0;
  target.earningsFen += more.earningsFen ?? 0;
}

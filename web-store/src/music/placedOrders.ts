/**
 * What the buyer chose for an order just placed, kept in the tab's session storage so the music
 * order page can show it until the orders service's own order page takes over.
 */
export interface PlacedMusicOrder {
  /** The readable number (the id stays in the address, for the order page's link). */
  orderNo: string;
  musicName: string;
  licence: string[];
  totalFen: number;
  projectName: string;
  brand: string;
  companyName: string;
}

const key = (orderId: string) => `mkt.musicOrder.${orderId}`;

export function rememberPlacedOrder(orderId: string, order: PlacedMusicOrder): void {
  try {
    window.sessionStorage.setItem(key(orderId), JSON.stringify(order));
  } catch {
    // Not kept: the order page then shows the order number only.
  }
}

export function recallPlacedOrder(orderId: string): PlacedMusicOrder | null {
  try {
    const parsed = JSON.parse(window.sessionStorage.getItem(key(orderId)) ?? 'null') as PlacedMusicOrder | null;
    return parsed && typeof parsed.totalFen === 'number' && typeof parsed.orderNo === 'string' && Array.isArray(parsed.licence) ? parsed : null;
  } catch {
    return null;
  }
}

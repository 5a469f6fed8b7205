/**
 * Issue 40 §4: the image downloads of one process, shared fairly (docs/decisions/028, "Fair
 * downloads"). At most `size` run at once; one shop at most `perShop` of them and one host at most
 * `perHost`, so a shop (or a host) that is slow never holds every slot; and a free slot goes to
 * the shops in turn (round robin), not to whoever queued first — one shop's hundred waiting URLs
 * do not stand in front of another shop's one.
 */
export interface DownloadQueueOptions {
  size: number
  perShop: number
  perHost: number
}

interface Waiting {
  host: string
  start: () => void
}

export interface DownloadQueue {
  run<T>(shop: string, host: string, task: () => Promise<T>): Promise<T>
}

/** Slots for one shop or host when `size` run at once: all but one (one left for the others). */
export const fairShare = (size: number) => Math.max(1, size - 1)

export function createDownloadQueue(options: DownloadQueueOptions): DownloadQueue {
  /** Waiting downloads by shop (a Map keeps the shops in the order they first waited). */
  const waiting = new Map<string, Waiting[]>()
  /** When each shop was last given a slot: the one served longest ago goes first. */
  const served = new Map<string, number>()
  const byShop = new Map<string, number>()
  const byHost = new Map<string, number>()
  let active = 0
  let tick = 0

  const count = (map: Map<string, number>, key: string, delta: number) => {
    const next = (map.get(key) ?? 0) + delta
    if (next === 0) map.delete(key)
    else map.set(key, next)
  }

  /** The next download to start: the eligible shop served longest ago, its first eligible URL. */
  function next(): { shop: string; job: Waiting } | undefined {
    let best: { shop: string; at: number; index: number } | undefined
    for (const [shop, queue] of waiting) {
      if ((byShop.get(shop) ?? 0) >= options.perShop) continue
      const at = served.get(shop) ?? -1
      if (best && best.at <= at) continue
      const index = queue.findIndex((w) => (byHost.get(w.host) ?? 0) < options.perHost)
      if (index >= 0) best = { shop, at, index }
    }
    if (!best) return undefined
    const queue = waiting.get(best.shop)!
    const [job] = queue.splice(best.index, 1)
    if (queue.length === 0) waiting.delete(best.shop)
    return { shop: best.shop, job: job! }
  }

  function pump() {
    while (active < options.size) {
      const picked = next()
      if (!picked) return
      active++
      served.set(picked.shop, ++tick)
      count(byShop, picked.shop, 1)
      count(byHost, picked.job.host, 1)
      picked.job.start()
    }
  }

  return {
    run<T>(shop: string, host: string, task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          task()
            .then(resolve, reject)
            .finally(() => {
              active--
              count(byShop, shop, -1)
              count(byHost, host, -1)
              if (!byShop.has(shop) && !waiting.has(shop)) served.delete(shop)
              pump()
            })
        }
        const queue = waiting.get(shop)
        if (queue) queue.push({ host, start })
        else waiting.set(shop, [{ host, start }])
        pump()
      })
    },
  }
}

/**
 * At most `size` tasks at once; the others wait their turn in order. A finishing task hands its
 * slot straight to the next waiter, so no newcomer can slip in. Used for image processing
 * (media) and an import's image downloads (catalogue-io).
 */
export function createLimiter(size: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve))
    else active++
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}

export type Limiter = ReturnType<typeof createLimiter>

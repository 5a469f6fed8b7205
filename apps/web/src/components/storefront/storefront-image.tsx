import type { ImageAsset } from '@vitrina/contracts'
import type { ComponentProps } from 'react'

/**
 * An API image with its responsive variants (ARCHITECTURE.md "images"): `srcset` + `sizes` let
 * the browser pick the smallest sufficient WebP, and the intrinsic width/height reserve the box
 * so nothing shifts when it arrives. Below-the-fold images load lazily; pass `priority` for the
 * first hero or product image (eager, fetchpriority high).
 */
export function StorefrontImage({
  image,
  alt,
  sizes,
  priority = false,
  ...props
}: Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'width' | 'height' | 'loading'> & {
  image: ImageAsset
  alt: string
  sizes: string
  priority?: boolean
}) {
  return (
    <img
      src={image.url}
      srcSet={image.srcset}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
      {...props}
    />
  )
}

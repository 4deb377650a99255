import { describe, expect, it } from 'vitest';
import { jpegHeaderBytes, pngBytes } from '../testing/testImages';
import { imageInfo } from './imageInfo';

describe('imageInfo', () => {
  it('should read a PNG’s size from its IHDR chunk', () => {
    expect(imageInfo(pngBytes(300, 75))).toEqual({ format: 'PNG', width: 300, height: 75 });
    expect(imageInfo(pngBytes(1, 1))).toEqual({ format: 'PNG', width: 1, height: 1 });
  });

  it('should read a JPEG’s size from its frame header past other segments and fill bytes', () => {
    expect(imageInfo(jpegHeaderBytes(640, 480))).toEqual({ format: 'JPEG', width: 640, height: 480 });
    // Progressive JPEG (SOF2).
    expect(imageInfo(jpegHeaderBytes(1200, 300, 0xc2))).toEqual({ format: 'JPEG', width: 1200, height: 300 });
    const padded = jpegHeaderBytes(10, 20);
    const withFill = new Uint8Array([...padded.subarray(0, 2), 0xff, ...padded.subarray(2)]);
    expect(imageInfo(withFill)).toEqual({ format: 'JPEG', width: 10, height: 20 });
  });

  it('should not take a Huffman table (0xC4) for a frame header', () => {
    const bytes = jpegHeaderBytes(50, 40);
    const dht = new Uint8Array([0xff, 0xc4, 0x00, 0x06, 0x00, 0x01, 0x02, 0x03]);
    const withTable = new Uint8Array([...bytes.subarray(0, 2), ...dht, ...bytes.subarray(2)]);
    expect(imageInfo(withTable)).toEqual({ format: 'JPEG', width: 50, height: 40 });
  });

  it('should refuse other formats, damaged headers and images without a size', () => {
    const text = new TextEncoder();
    expect(imageInfo(text.encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(imageInfo(text.encode('GIF89a\x01\x00\x01\x00'))).toBeNull();
    expect(imageInfo(new Uint8Array(0))).toBeNull();
    expect(imageInfo(pngBytes(4, 4).subarray(0, 20))).toBeNull();
    expect(imageInfo(jpegHeaderBytes(0, 10))).toBeNull();
    expect(imageInfo(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(imageInfo(new Uint8Array([0xff, 0xd8, 0x00, 0x00, 0x00]))).toBeNull();
  });
});

/** Frame buffers with headroom and tailroom, shared by the MACsec and WiFi CCMP codecs. */
package org.cryptorder.frame;

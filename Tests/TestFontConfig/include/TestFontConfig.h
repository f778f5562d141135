#ifndef OTK_TEST_FONT_CONFIG_H
#define OTK_TEST_FONT_CONFIG_H
/// The fontconfig file the tests run with (pinned by a load-time constructor), or NULL.
const char *otk_test_fontconfig_file(void);
#endif

// `hearts review RECORD.json`: the worked record of docs/game-record.md reviewed in the
// terminal, and clear refusals for what cannot be read.
#include <gtest/gtest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "review_cli.h"

namespace hearts::app {
namespace {

// A directory of this test's own, removed after it: ctest runs the tests of this file side
// by side, and one writing a file another was reading made the reader see it empty.
class ScratchDir {
  public:
    ScratchDir() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "hearts-review-XXXXXX").string();
        EXPECT_NE(mkdtemp(pattern.data()), nullptr);
        path_ = pattern;
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    std::string file(const std::string& name) const { return (path_ / name).string(); }

  private:
    std::filesystem::path path_;
};

// The first JSON example of docs/game-record.md, written to a file in `dir`.
std::string golden_file(const ScratchDir& dir) {
    std::ifstream doc(std::string(HEARTS_SOURCE_DIR) + "/docs/game-record.md");
    std::stringstream text;
    text << doc.rdbuf();
    std::smatch m;
    const std::string s = text.str();
    EXPECT_TRUE(std::regex_search(s, m, std::regex("```json\\n([\\s\\S]*?)\\n```")));
    const std::string path = dir.file("golden-record.json");
    std::ofstream(path) << m[1].str();
    return path;
}

TEST(ReviewCommand, ReviewsTheWorkedRecord) {
    std::ostringstream out, err;
    const ScratchDir dir;
    ReviewOptions o;
    o.path = golden_file(dir);
    o.seat = "N";
    o.deals = 50;
    EXPECT_EQ(review_command(o, out, err), 0) << err.str();
    // The worked record's hand is claimed after its eighth trick (hearts/claim.h).
    EXPECT_EQ(out.str().rfind("Review of North: 8 cards played, each weighed on 50 deals, and 5 "
                              "played out after a claim; 1 pass, on 200 deals.\n",
                              0),
              0u)
        << out.str();
    EXPECT_EQ(err.str(), "");
}

TEST(ReviewCommand, SaysWhatCannotBeRead) {
    std::ostringstream out, err;
    ReviewOptions o;
    const ScratchDir dir;
    o.path = dir.file("no-such-record.json");
    EXPECT_EQ(review_command(o, out, err), 2);
    EXPECT_EQ(err.str(), "hearts review: cannot open " + o.path + "\n");
    const std::string bad = dir.file("bad-record.json");
    std::ofstream(bad) << R"({"format": "something else"})";
    std::ostringstream err2;
    o.path = bad;
    EXPECT_EQ(review_command(o, out, err2), 2);
    EXPECT_NE(err2.str().find("this is not a hearts game record"), std::string::npos) << err2.str();
    std::ostringstream err3;
    o.path = golden_file(dir);
    o.seat = "Q";
    EXPECT_EQ(review_command(o, out, err3), 2);
    EXPECT_NE(err3.str().find("--seat: 'Q' is not a seat"), std::string::npos) << err3.str();
}

}  // namespace
}  // namespace hearts::app

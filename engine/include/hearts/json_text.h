// JSON text written straight into a string, for the two places that write JSON on a hot
// path or at volume: a seat's view, sent on every move (server/protocol/view.cpp), and a
// finished game's one-line record (record_write.cpp). Building, dumping and freeing a document
// for them was most of the server's work for a card.
//
// The writer places the commas. `word` is for the fixed words of a format (seats, phases,
// cards, markers), written as they are with no escaping; text that people wrote goes
// through `text`, which escapes it as JSON (invalid UTF-8 replaced, never thrown on).
// A format's own shapes (a seat as a letter or as a key, scores as an array or an
// object) belong to a writer derived from this one: `Derived` is that writer, so a
// chain such as `w.key("seat").seat(s)` keeps its type.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "hearts/card.h"

namespace hearts {

/// Appends `text` as a JSON string. Printable ASCII without quotes or backslashes is
/// written as it is; anything else is escaped, with invalid UTF-8 replaced by U+FFFD.
void append_json_string(std::string& out, std::string_view text);

template <class Derived>
class JsonText {
  public:
    explicit JsonText(std::string& out) : out_(out) {}

    /// `"k":`, after a comma when needed; the value follows.
    Derived& key(std::string_view k) {
        comma();
        out_ += '"';
        out_ += k;
        out_ += "\":";
        first_ = true;  // the value follows without a comma
        return self();
    }
    /// A fixed word of the format, as a JSON string with no escaping.
    void word(std::string_view w) {
        comma();
        out_ += '"';
        out_ += w;
        out_ += '"';
    }
    /// Any text, escaped.
    void text(std::string_view t) {
        comma();
        append_json_string(out_, t);
    }
    void number(std::int64_t v) {
        comma();
        out_ += std::to_string(v);
    }
    void boolean(bool b) {
        comma();
        out_ += b ? "true" : "false";
    }
    void null() {
        comma();
        out_ += "null";
    }
    /// Opens an object ('{') or an array ('[').
    void open(char bracket) {
        comma();
        out_ += bracket;
        first_ = true;
    }
    void close(char bracket) {
        out_ += bracket;
        first_ = false;
    }
    /// Cards as an array of their names ("QS").
    void cards(CardSet set) {
        open('[');
        for (Card c : set) word(to_string(c));
        close(']');
    }

  protected:
    std::string& out() { return out_; }

  private:
    Derived& self() { return static_cast<Derived&>(*this); }
    void comma() {
        if (!first_) out_ += ',';
        first_ = false;
    }
    std::string& out_;
    bool first_ = true;
};

}  // namespace hearts

// A backend fixture that makes events and destroys them at TearDown (the event tests).
#pragma once

#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gtest/gtest.h>

#include <vector>

namespace aclemu::test {

class EventTest : public BackendTest {
protected:
    /// A new event with `flag` (aclrtCreateEventWithFlag), destroyed at TearDown.
    aclrtEvent make(uint32_t flag = ACL_EVENT_SYNC | ACL_EVENT_TIME_LINE) {
        aclrtEvent event = nullptr;
        EXPECT_EQ(aclrtCreateEventWithFlag(&event, flag), ACL_SUCCESS) << take_recent_error();
        events_.push_back(event);
        return event;
    }
    void TearDown() override {
        for (aclrtEvent event : events_) {
            EXPECT_EQ(aclrtDestroyEvent(event), ACL_SUCCESS);
        }
        BackendTest::TearDown();
    }

private:
    std::vector<aclrtEvent> events_;
};

}  // namespace aclemu::test
